import type { DepositRecord } from '@meridian/contract/funds';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BankDeposit } from './bank-deposit-form';
import { CoinDeposit } from './coin-deposit-form';
import { FundsTabs } from './funds-tabs';
import './deposit.css';
import './funds.css';

type DepositKind = 'coin' | 'bank';

/** /mine/charge: deposit by coin (the default: it is credited fastest) or by bank wire. */
export function DepositCenter({ onSubmitted }: { onSubmitted(record: DepositRecord): void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<DepositKind>('coin');
  return (
    <div className="funds-center">
      <FundsTabs
        value={kind}
        tabs={[
          { key: 'coin', title: t('funds.kind.coin') },
          { key: 'bank', title: t('funds.kind.bank') },
        ]}
        onChange={setKind}
      />
      <div className="funds-panel" data-kind={kind}>
        {kind === 'coin' ? (
          <CoinDeposit onSubmitted={onSubmitted} />
        ) : (
          <BankDeposit onSubmitted={onSubmitted} />
        )}
      </div>
    </div>
  );
}
