import type { DrawCurrency, WithdrawRecord } from '@meridian/contract/funds';
import { DRAW_TYPE } from '@meridian/contract/funds-codes';
import { LIMITS } from '@meridian/contract/limits';
import type { DrawMethod } from '@meridian/contract/wallet';
import { roundDown } from '@meridian/domain/money';
import { Button, Dialog } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoneyText } from '../../../lib/money-format';
import type { DrawKind } from '../api/funds-keys';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { hasProblems } from '../utils/deposit-checks';
import { type WithdrawDraft, withdrawPreview, withdrawProblems } from '../utils/withdraw-checks';
import { AmountField } from './amount-field';
import { DrawCurrencyChips } from './draw-currency-chips';
import { MethodPicker } from './method-picker';
import { TextField } from './text-field';
import { WithdrawFiguresBox } from './withdraw-figures-box';
import './withdraw.css';

export type WithdrawFormProps = {
  kind: DrawKind;
  currencies: DrawCurrency[];
  /** The customer's bound methods of this kind (all currencies). */
  methods: DrawMethod[];
  /** The available balance in USDT, as the server sent it; undefined while it loads. */
  available: string | undefined;
  /** Opens the binding form for this kind and currency. */
  onBind(kind: DrawKind, drawId: number): void;
  onSubmitted(record: WithdrawRecord): void;
};

const EMPTY_DRAFT: WithdrawDraft & { memo: string } = {
  amount: '',
  methodId: undefined,
  password: '',
  memo: '',
};

/**
 * The withdrawal form (spec section 3 "Form concepts"): currency, where to, amount with the fee and
 * the expected amount received updating as it is typed, a note and the login password.
 */
export function WithdrawForm({
  kind,
  currencies,
  methods,
  available,
  onBind,
  onSubmitted,
}: WithdrawFormProps) {
  const { t } = useTranslation();
  const requestWithdrawal = useRequestWithdrawal();
  const [currencyId, setCurrencyId] = useState(currencies[0]?.id);
  const currency = currencies.find((candidate) => candidate.id === currencyId) ?? currencies[0];
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [checked, setChecked] = useState(false);
  if (!currency) return null;

  const ownMethods = methods.filter((method) => method.draw_currency.id === currency.id);
  // The newest bound method is the natural choice until the customer picks another.
  const methodId = ownMethods.some((method) => method.id === draft.methodId)
    ? draft.methodId
    : ownMethods[0]?.id;
  const chosen = { ...draft, methodId };
  const problems = checked ? withdrawProblems(chosen, currency, available) : {};
  const figures = withdrawPreview(draft.amount, currency);
  const message = (problem: { key: string; params?: Record<string, string> } | undefined) =>
    problem ? t(problem.key, problem.params) : undefined;

  const askToBind = async () => {
    const go = await Dialog.confirm({
      title: t('funds.withdraw.bindFirstTitle'),
      content: t(kind === DRAW_TYPE.coin ? 'funds.withdraw.bindFirstCoin' : 'funds.withdraw.bindFirstBank'),
      confirmText: t('funds.withdraw.goBind'),
      cancelText: t('common.cancel'),
    });
    if (go) onBind(kind, currency.id);
  };

  const submit = async () => {
    // With nowhere to send the money, the dialog is the one thing to say (spec section 8).
    if (ownMethods.length === 0) {
      void askToBind();
      return;
    }
    setChecked(true);
    if (chosen.methodId === undefined || hasProblems(withdrawProblems(chosen, currency, available))) return;
    try {
      const record = await requestWithdrawal.mutateAsync({
        draw_currency_id: currency.id,
        number: draft.amount,
        memo: draft.memo.trim(),
        password: draft.password,
        draw_method_id: chosen.methodId,
      });
      setDraft(EMPTY_DRAFT);
      setChecked(false);
      onSubmitted(record);
    } catch {
      // The API client has shown the server's message (wrong password, not verified, ...).
    }
  };

  const all = available === undefined ? undefined : roundDown(available, LIMITS.withdrawDecimalPlacesMax);
  return (
    <div className="withdraw-form" data-testid={`withdraw-form-${kind}`}>
      <DrawCurrencyChips currencies={currencies} value={currency.id} onChange={(id) => setCurrencyId(id)} />
      <MethodPicker
        kind={kind}
        methods={ownMethods}
        value={methodId}
        onChange={(id) => setDraft((current) => ({ ...current, methodId: id }))}
        onAdd={() => onBind(kind, currency.id)}
        error={message(problems.method)}
      />
      <AmountField
        value={draft.amount}
        onChange={(amount) => setDraft((current) => ({ ...current, amount }))}
        currency="USDT"
        min={currency.min}
        max={currency.max}
        problem={problems.amount}
        extra={
          all !== undefined && (
            <span className="funds-available" data-testid="withdraw-available">
              {t('funds.withdraw.available', { amount: formatMoneyText(all, 2) })}
            </span>
          )
        }
        action={
          all !== undefined && (
            <button
              type="button"
              className="funds-link-button funds-all"
              onClick={() => setDraft((current) => ({ ...current, amount: all }))}
            >
              {t('funds.withdraw.all')}
            </button>
          )
        }
      />
      <WithdrawFiguresBox currency={currency} figures={figures} />
      <TextField
        name="memo"
        kind="multiline"
        label={t('funds.withdraw.memo')}
        placeholder={t('funds.withdraw.memoPlaceholder')}
        value={draft.memo}
        onChange={(memo) => setDraft((current) => ({ ...current, memo }))}
        maxLength={LIMITS.withdrawMemoLengthMax}
      />
      <TextField
        name="password"
        kind="password"
        label={t('funds.withdraw.password')}
        placeholder={t('funds.withdraw.passwordPlaceholder')}
        value={draft.password}
        onChange={(password) => setDraft((current) => ({ ...current, password }))}
        maxLength={LIMITS.passwordLengthMax}
        autoComplete="current-password"
        error={message(problems.password)}
      />
      <Button
        block
        color="primary"
        size="large"
        loading={requestWithdrawal.isPending}
        onClick={() => void submit()}
      >
        {t('funds.withdraw.submit')}
      </Button>
    </div>
  );
}
