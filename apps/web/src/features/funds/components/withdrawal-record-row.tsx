import { DRAW_TYPE, FUNDS_STATUS, type WithdrawRecord } from '@meridian/contract/funds';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '../../../hooks/use-date-format';
import { formatMoneyText } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { accountEnd, currencyLabel, shortened } from '../utils/method-text';
import { RecordCard } from './record-card';
import './records.css';

/** A withdrawal: what left the balance, the fee, what is (or was) paid and where, its state and notes. */
export function WithdrawalRecordRow({ record, dates }: { record: WithdrawRecord; dates: DateFormat }) {
  const { t } = useTranslation();
  const isCoin = record.type === DRAW_TYPE.coin;
  const currency = currencyLabel(record.draw_currency.code, record.draw_currency.protocol);
  const destination = isCoin
    ? shortened(record.address)
    : `${record.bank_name} ${accountEnd(record.payee_account)}`;
  return (
    <RecordCard
      record={record}
      dates={dates}
      amount={<bdi className="record-amount">{formatMoneyText(record.number, 2)} USDT</bdi>}
      lines={
        <>
          <div>
            <dt>{t(isCoin ? 'funds.records.toAddress' : 'funds.records.toAccount')}</dt>
            <dd dir="ltr">{destination}</dd>
          </div>
          <div>
            <dt>{t('funds.withdraw.fee')}</dt>
            <dd>
              <bdi>{formatPriceText(record.fee)} USDT</bdi>
            </dd>
          </div>
          <div className="is-strong">
            <dt>
              {t(record.status === FUNDS_STATUS.finished ? 'funds.records.paid' : 'funds.withdraw.receive')}
            </dt>
            <dd>
              <bdi>
                {formatMoneyText(record.real_number, 2)} {currency}
              </bdi>
            </dd>
          </div>
          {record.payout_reference && (
            <div>
              <dt>{t('funds.records.reference')}</dt>
              <dd dir="ltr" className="record-reference">
                {shortened(record.payout_reference, 10)}
              </dd>
            </div>
          )}
        </>
      }
    >
      {record.memo && <p className="record-memo">{t('funds.records.memo', { memo: record.memo })}</p>}
      {record.status === FUNDS_STATUS.rejected && record.notes && (
        <p className="record-remark" data-testid="record-remark">
          {t('funds.records.reason', { reason: record.notes })}
        </p>
      )}
    </RecordCard>
  );
}
