import { RightOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { signOfDecimalText } from '../../../lib/decimal-text';
import { useAccountDetail } from '../../../lib/get-account-detail';
import { WEB_LIMITS } from '../../../lib/limits';
import { formatMoneyText, MONEY_PLACES } from '../../../lib/money-format';
import { formatPercent } from '../../../lib/number-format';
import { useOrderMarksStore } from '../stores/order-marks-store';
import { type AccountFigures, accountFigures } from '../utils/account-figures';
import '../../../components/signed-amount.css';
import './account-summary.css';

const NONE = '--';

function useAccountFigures(): AccountFigures | null {
  const detail = useAccountDetail({ staleTimeMs: WEB_LIMITS.accountDetailStaleMs });
  const totals = useOrderMarksStore((state) => state.totals);
  return accountFigures(detail.data, totals);
}

function Stat({ label, children, field }: { label: string; children: React.ReactNode; field: string }) {
  return (
    <div className="account-stat" data-field={field}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The head of the order page: net value, balance, margin in positions, floating profit and the
 * risk rate (margin level), live while positions move; a link to the billing history.
 */
export function AccountSummary({ onOpenHistory }: { onOpenHistory(): void }) {
  const { t } = useTranslation();
  const figures = useAccountFigures();
  const money = (value: string | undefined) =>
    value === undefined ? NONE : formatMoneyText(value, MONEY_PLACES.balance);
  return (
    <section className="account-summary" aria-label={t('orders.accountLabel')} data-testid="account-summary">
      <div className="account-summary-head">
        <div>
          <div className="account-summary-label">{t('orders.netValue')}</div>
          <bdi className="account-summary-net" dir="ltr" data-field="net-value">
            {money(figures?.netValue)}
          </bdi>
        </div>
        <button type="button" className="account-summary-link" onClick={onOpenHistory}>
          {t('orders.billingHistory')}
          <RightOutline className="account-summary-arrow" aria-hidden="true" />
        </button>
      </div>
      <dl className="account-stats">
        <Stat field="balance" label={t('orders.balance')}>
          <bdi dir="ltr">{money(figures?.balance)}</bdi>
        </Stat>
        <Stat field="margin" label={t('orders.margin')}>
          <bdi dir="ltr">{money(figures?.margin)}</bdi>
        </Stat>
        <Stat field="floating" label={t('orders.floatingProfit')}>
          {figures ? <SignedAmount amount={figures.floating} places={MONEY_PLACES.balance} /> : NONE}
        </Stat>
        <Stat field="risk-rate" label={t('orders.riskRate')}>
          <bdi dir="ltr">{figures?.riskRate ? formatPercent(figures.riskRate) : NONE}</bdi>
        </Stat>
      </dl>
      {figures?.reserved !== undefined && signOfDecimalText(figures.reserved) > 0 && (
        <p className="account-summary-reserved" data-field="reserved">
          {t('orders.reservedForPending')} <bdi dir="ltr">{money(figures.reserved)}</bdi>
        </p>
      )}
    </section>
  );
}
