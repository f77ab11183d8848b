import { Button, Skeleton } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { compareDecimalText } from '../../../lib/decimal-text';
import { useAccountDetail } from '../../../lib/get-account-detail';
import { useBalanceVisibilityStore } from '../stores/balance-visibility-store';
import { balanceText } from '../utils/balance-text';
import './balance-card.css';

/** An empty account: nothing to trade with until money comes in. */
const isEmpty = (balance: string | undefined) =>
  balance !== undefined && compareDecimalText(balance, '0') === 0;

type BalanceCardProps = {
  /** Opens the deposit page; given for a real account, whose empty balance then offers it. */
  onDeposit?: () => void;
};

/** The first entry of the personal center (spec section 2): the balance, with a show/hide eye. */
export function BalanceCard({ onDeposit }: BalanceCardProps) {
  const { t } = useTranslation();
  // Fresh on every visit to the personal center: money moves between visits (trades, deposits).
  const detail = useAccountDetail({ staleTimeMs: 0 });
  const hidden = useBalanceVisibilityStore((state) => state.hidden);
  const toggle = useBalanceVisibilityStore((state) => state.toggle);
  const currency = detail.data?.currency ?? 'USDT';
  return (
    <section className="balance-card" aria-label={t('user.balance')}>
      <div className="balance-label">
        <span>{t('user.balanceIn', { currency })}</span>
        <button
          type="button"
          className="round-icon-button balance-eye"
          aria-label={t(hidden ? 'user.showBalance' : 'user.hideBalance')}
          aria-pressed={hidden}
          onClick={toggle}
        >
          {hidden ? <EyeInvisibleOutline fontSize={18} /> : <EyeOutline fontSize={18} />}
        </button>
      </div>
      {detail.isPending && !hidden ? (
        <Skeleton animated className="balance-skeleton" />
      ) : (
        <bdi className="balance-value" data-testid="balance-value">
          {balanceText(detail.data?.balance, hidden)}
        </bdi>
      )}
      {/* The next step of a new real account. Not while the balance is hidden: it would tell it. */}
      {onDeposit && !hidden && isEmpty(detail.data?.balance) && (
        <div className="balance-deposit" data-testid="deposit-prompt">
          <p className="balance-deposit-text">{t('user.depositPrompt')}</p>
          <Button color="primary" size="small" className="balance-deposit-button" onClick={onDeposit}>
            {t('user.entries.topUp')}
          </Button>
        </div>
      )}
    </section>
  );
}
