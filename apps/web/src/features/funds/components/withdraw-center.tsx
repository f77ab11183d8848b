import type { WithdrawRecord } from '@meridian/contract/funds';
import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useAccountDetail } from '../../../lib/get-account-detail';
import type { DrawKind } from '../api/funds-keys';
import { useDrawCurrencies } from '../api/get-draw-currencies';
import { useDrawMethods } from '../api/get-draw-methods';
import { FundsTabs } from './funds-tabs';
import { LoadState } from './load-state';
import { WithdrawForm } from './withdraw-form';
import './withdraw.css';
import './funds.css';

type WithdrawCenterProps = {
  kind: DrawKind;
  onKindChange(kind: DrawKind): void;
  onBind(kind: DrawKind, drawId: number): void;
  onSubmitted(record: WithdrawRecord): void;
};

/** /mine/withdraw: to a coin address (1) or a bank account (2), each with its own currencies. */
export function WithdrawCenter({ kind, onKindChange, onBind, onSubmitted }: WithdrawCenterProps) {
  const { t } = useTranslation();
  return (
    <div className="funds-center">
      <FundsTabs
        value={kind === 2 ? '2' : '1'}
        tabs={[
          { key: '1', title: t('funds.kind.coin') },
          { key: '2', title: t('funds.kind.bank') },
        ]}
        onChange={(key) => onKindChange(key === '2' ? 2 : 1)}
      />
      <div className="funds-panel" data-kind={kind}>
        <WithdrawPanel key={kind} kind={kind} onBind={onBind} onSubmitted={onSubmitted} />
      </div>
    </div>
  );
}

function WithdrawPanel({ kind, onBind, onSubmitted }: Omit<WithdrawCenterProps, 'onKindChange'>) {
  const { t } = useTranslation();
  const currencies = useDrawCurrencies(kind);
  const methods = useDrawMethods(kind);
  // Fresh each time the form opens: the amount must be checked against what is really available.
  const detail = useAccountDetail({ staleTimeMs: 0 });
  const loading = {
    isPending: currencies.isPending || methods.isPending,
    isError: currencies.isError || methods.isError,
    refetch: () => Promise.all([currencies.refetch(), methods.refetch()]),
  };
  const list = currencies.data ?? [];
  return (
    <LoadState
      query={loading}
      hasData={currencies.data !== undefined && methods.data !== undefined}
      lines={8}
    >
      {list.length === 0 ? (
        <ErrorBlock status="empty" title={t('funds.withdraw.noCurrencies')} description="" />
      ) : (
        <WithdrawForm
          kind={kind}
          currencies={list}
          methods={methods.data ?? []}
          available={detail.data?.balance}
          onBind={onBind}
          onSubmitted={onSubmitted}
        />
      )}
    </LoadState>
  );
}
