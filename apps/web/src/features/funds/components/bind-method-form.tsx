import type { DrawCurrency } from '@meridian/contract/funds';
import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import { LIMITS } from '@meridian/contract/limits';
import type { DrawMethod } from '@meridian/contract/wallet';
import { Button, ErrorBlock, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBindDrawMethod } from '../api/bind-draw-method';
import type { DrawKind } from '../api/funds-keys';
import { useDrawCurrencies } from '../api/get-draw-currencies';
import { type BindDraft, bindFields, bindProblems, EMPTY_BIND_DRAFT } from '../utils/bind-checks';
import { hasProblems } from '../utils/deposit-checks';
import { DrawCurrencyChips } from './draw-currency-chips';
import { LoadState } from './load-state';
import { TextField } from './text-field';
import './wallet.css';
import './funds.css';

type BindProps = {
  kind: DrawKind;
  /** The currency to start with (from the withdrawal form's "go bind"). */
  drawId: number | undefined;
  onBound(method: DrawMethod): void;
};

/** /mine/withdraw-way?type=1|2: the currencies of the kind, then the form. */
export function BindMethod({ kind, drawId, onBound }: BindProps) {
  const { t } = useTranslation();
  const currencies = useDrawCurrencies(kind);
  const list = currencies.data ?? [];
  return (
    <LoadState query={currencies} hasData={currencies.data !== undefined}>
      {list.length === 0 ? (
        <ErrorBlock status="empty" title={t('funds.withdraw.noCurrencies')} description="" />
      ) : (
        <BindMethodForm kind={kind} drawId={drawId} onBound={onBound} currencies={list} />
      )}
    </LoadState>
  );
}

const BANK_FIELDS = [
  { name: 'bank_name', label: 'funds.bank.bankName', max: LIMITS.bankFieldLengthMax, ltr: false },
  {
    name: 'bank_address',
    label: 'funds.bank.bankAddressOptional',
    max: LIMITS.bankFieldLengthMax,
    ltr: false,
  },
  { name: 'bank_swift', label: 'funds.bank.bankSwiftOptional', max: LIMITS.bankSwiftLengthMax, ltr: true },
  { name: 'payee_name', label: 'funds.bank.payeeName', max: LIMITS.bankFieldLengthMax, ltr: false },
  { name: 'payee_account', label: 'funds.bank.payeeAccount', max: LIMITS.bankAccountLengthMax, ltr: true },
] as const;

function BindMethodForm({ kind, drawId, onBound, currencies }: BindProps & { currencies: DrawCurrency[] }) {
  const { t } = useTranslation();
  const bindMethod = useBindDrawMethod();
  const [currencyId, setCurrencyId] = useState(drawId);
  const currency = currencies.find((candidate) => candidate.id === currencyId) ?? currencies[0];
  const [draft, setDraft] = useState<BindDraft>(EMPTY_BIND_DRAFT);
  const [checked, setChecked] = useState(false);
  if (!currency) return null;
  const problems = checked ? bindProblems(kind, draft) : {};
  const error = (field: keyof BindDraft) => {
    const problem = problems[field];
    return problem ? t(problem.key) : undefined;
  };

  const submit = async () => {
    setChecked(true);
    if (hasProblems(bindProblems(kind, draft))) return;
    try {
      const method = await bindMethod.mutateAsync({
        type: kind,
        draw_id: currency.id,
        ...bindFields(kind, draft),
      });
      Toast.show({ icon: 'success', content: t('funds.bind.saved') });
      onBound(method);
    } catch {
      // The API client has shown the server's reason (an address not of this network, a bad IBAN).
    }
  };

  return (
    <div className="bind-form" data-testid={`bind-form-${kind}`}>
      <p className="wallet-intro">
        {t(kind === DRAW_TYPE.coin ? 'funds.bind.coinIntro' : 'funds.bind.bankIntro')}
      </p>
      <DrawCurrencyChips currencies={currencies} value={currency.id} onChange={(id) => setCurrencyId(id)} />
      {kind === DRAW_TYPE.coin ? (
        <TextField
          name="dc_address"
          kind="multiline"
          label={t('funds.bind.address', { network: currency.protocol || currency.code })}
          placeholder={t('funds.bind.addressPlaceholder')}
          hint={t('funds.bind.addressHint', { network: currency.protocol || currency.code })}
          value={draft.dc_address}
          onChange={(value) => setDraft((current) => ({ ...current, dc_address: value }))}
          maxLength={LIMITS.coinAddressLengthMax}
          error={error('dc_address')}
          ltr
        />
      ) : (
        BANK_FIELDS.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={t(field.label)}
            value={draft[field.name]}
            onChange={(value) => setDraft((current) => ({ ...current, [field.name]: value }))}
            maxLength={field.max}
            error={error(field.name)}
            ltr={field.ltr}
          />
        ))
      )}
      <Button block color="primary" size="large" loading={bindMethod.isPending} onClick={() => void submit()}>
        {t('funds.bind.save')}
      </Button>
    </div>
  );
}
