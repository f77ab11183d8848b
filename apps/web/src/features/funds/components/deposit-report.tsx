import { Button } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DepositBounds, type DepositDraft, depositProblems, hasProblems } from '../utils/deposit-checks';
import { AmountField } from './amount-field';
import { ProofField } from './proof-field';
import './deposit.css';

export type DepositReportProps = {
  /** The currency of the amount, shown in its box. */
  currency: string;
  bounds: DepositBounds;
  /** A line under the amount for what is typed (the credited estimate). */
  extra?(amount: string): ReactNode;
  /** The call is on its way. */
  sending: boolean;
  /** Checked first on submit; false stops it (the caller has said why: "no pay way"). */
  ready?(): boolean;
  /** Sends the report; the caller handles the answer. */
  onSend(amount: string, proofName: string): Promise<void>;
};

/**
 * What the customer reports once they have paid: the amount (within the channel's places and
 * bounds, spec "enter charge amount" when empty) and the proof. The checks run on submit and then
 * as the customer corrects; while the proof still uploads the submit waits for it.
 */
export function DepositReport({ currency, bounds, extra, sending, ready, onSend }: DepositReportProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<DepositDraft>({ amount: '', proof: undefined });
  const [checked, setChecked] = useState(false);
  const [uploading, setUploading] = useState(false);
  const problems = checked ? depositProblems(draft, bounds) : {};

  const submit = async () => {
    if (ready && !ready()) return;
    setChecked(true);
    if (!draft.proof || hasProblems(depositProblems(draft, bounds))) return;
    try {
      await onSend(draft.amount, draft.proof.name);
    } catch {
      // The API client has shown the server's message; the form keeps what was entered.
    }
  };

  return (
    <>
      <AmountField
        value={draft.amount}
        onChange={(amount) => setDraft((current) => ({ ...current, amount }))}
        currency={currency}
        min={bounds.min}
        max={bounds.max}
        problem={problems.amount}
        extra={extra?.(draft.amount)}
      />
      <ProofField
        value={draft.proof}
        onChange={(proof) => setDraft((current) => ({ ...current, proof }))}
        error={problems.proof ? t(problems.proof.key) : undefined}
        onBusyChange={setUploading}
      />
      <Button block color="primary" size="large" loading={sending || uploading} onClick={() => void submit()}>
        {t('funds.deposit.submit')}
      </Button>
    </>
  );
}
