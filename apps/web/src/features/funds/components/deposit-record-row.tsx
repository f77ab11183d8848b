import { DEPOSIT_TYPE, type DepositRecord, FUNDS_STATUS } from '@meridian/contract/funds';
import { ImageViewer } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '../../../hooks/use-date-format';
import { apiUrl } from '../../../lib/api-client';
import { formatMoneyText } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import { currencyLabel, shortened } from '../utils/method-text';
import { RecordCard } from './record-card';
import './records.css';

/** A deposit as the customer reported it, its review state, what was credited and why it was refused. */
export function DepositRecordRow({ record, dates }: { record: DepositRecord; dates: DateFormat }) {
  const { t } = useTranslation();
  const isCoin = record.type === DEPOSIT_TYPE.coin;
  const via = isCoin
    ? `${t('funds.kind.coin')} · ${currencyLabel(record.currency_code, record.protocol_code)}`
    : `${t('funds.kind.bank')} · ${record.bank_name}`;
  const refused = record.status === FUNDS_STATUS.rejected || record.status === FUNDS_STATUS.invalid;
  return (
    <RecordCard
      record={record}
      dates={dates}
      amount={
        <bdi className="record-amount">
          {formatPriceText(record.number)} {record.currency_code}
        </bdi>
      }
      lines={
        <>
          <div>
            <dt>{t('funds.records.via')}</dt>
            <dd>
              <bdi>{via}</bdi>
            </dd>
          </div>
          {record.address && (
            <div>
              <dt>{t(isCoin ? 'funds.records.toAddress' : 'funds.records.toAccount')}</dt>
              <dd dir="ltr">{shortened(record.address)}</dd>
            </div>
          )}
          {record.status === FUNDS_STATUS.finished && (
            <div className="is-strong">
              <dt>{t('funds.records.credited')}</dt>
              <dd>
                <bdi>{formatMoneyText(record.amount, 2)} USDT</bdi>
              </dd>
            </div>
          )}
        </>
      }
    >
      {refused && record.remark && (
        <p className="record-remark" data-testid="record-remark">
          {t('funds.records.reason', { reason: record.remark })}
        </p>
      )}
      {record.proof_img && (
        <button
          type="button"
          className="record-proof"
          onClick={() => ImageViewer.show({ image: apiUrl(record.proof_img) })}
        >
          {t('funds.records.viewProof')}
        </button>
      )}
    </RecordCard>
  );
}
