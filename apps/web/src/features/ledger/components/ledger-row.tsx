import type { LedgerLine } from '@meridian/contract/trading';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '../../../hooks/use-date-format';
import { ltr } from '../../../lib/bidi';
import { formatMoneyText, formatSignedMoney, MONEY_PLACES, toneOfAmount } from '../../../lib/money-format';
import './billing-history.css';

type LedgerRowProps = { line: LedgerLine; dates: DateFormat };

/**
 * One entry of the billing history: what it was (the server's text in the reader's language), when,
 * the amount (+ green, - red, 2 places) and the available balance after it.
 */
export function LedgerRow({ line, dates }: LedgerRowProps) {
  const { t } = useTranslation();
  return (
    <div className="ledger-row" data-kind={line.Kind} data-entry-id={line.Id}>
      <div className="ledger-row-text">
        <div className="ledger-row-memo">{line.MemoTran}</div>
        <div className="ledger-row-time">
          {dates.dateTime(new Date(line.CreatedAt).toISOString())}
          {line.OrderId > 0 && (
            <span className="ledger-row-order">{t('ledger.order', { id: ltr(line.OrderId) })}</span>
          )}
        </div>
      </div>
      <div className="ledger-row-amounts">
        <bdi
          className={`ledger-row-amount tone-${toneOfAmount(line.Value)}`}
          dir="ltr"
          data-testid="ledger-amount"
        >
          {formatSignedMoney(line.Value, MONEY_PLACES.balance)}
        </bdi>
        <div className="ledger-row-balance">
          {t('ledger.balanceAfter')}{' '}
          <bdi dir="ltr">{formatMoneyText(line.BalanceAfter, MONEY_PLACES.balance)}</bdi>
        </div>
      </div>
    </div>
  );
}
