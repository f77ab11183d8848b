import type { Side } from '@meridian/domain/side';
import { useTranslation } from 'react-i18next';
import { formatPriceText } from '../../../lib/price-format';

type SideSwitchProps = {
  value: Side;
  onChange(side: Side): void;
  bid: string | null;
  ask: string | null;
  precision: number;
};

/** Sell at the bid or buy at the ask: two large buttons with the live price each side trades at. */
export function SideSwitch({ value, onChange, bid, ask, precision }: SideSwitchProps) {
  const { t } = useTranslation();
  const sides: { side: Side; label: string; price: string | null }[] = [
    { side: 'sell', label: t('orderForm.sell'), price: bid },
    { side: 'buy', label: t('orderForm.buy'), price: ask },
  ];
  return (
    <fieldset className="side-switch">
      <legend className="visually-hidden">{t('orderForm.direction')}</legend>
      {sides.map(({ side, label, price }) => (
        <button
          key={side}
          type="button"
          className={`side-option side-${side}`}
          aria-pressed={value === side}
          data-side={side}
          onClick={() => onChange(side)}
        >
          <span className="side-option-label">{label}</span>
          <span className="side-option-price" dir="ltr">
            {price ? formatPriceText(price, precision) : '--'}
          </span>
        </button>
      ))}
    </fieldset>
  );
}
