import type { DrawCurrency } from '@meridian/contract/funds';
import { useTranslation } from 'react-i18next';
import { currencyLabel } from '../utils/method-text';
import { OptionChips } from './option-chips';

type DrawCurrencyChipsProps = {
  currencies: readonly DrawCurrency[];
  value: number;
  onChange(id: number): void;
};

/** The withdraw currencies of a kind as chips (code and network), for binding and for withdrawing. */
export function DrawCurrencyChips({ currencies, value, onChange }: DrawCurrencyChipsProps) {
  const { t } = useTranslation();
  return (
    <OptionChips
      name="draw-currency"
      label={t('funds.withdraw.currency')}
      options={currencies.map((candidate) => ({
        label: currencyLabel(candidate.code, candidate.protocol),
        value: candidate.id,
      }))}
      value={value}
      onChange={onChange}
    />
  );
}
