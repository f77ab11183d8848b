import { Skeleton } from 'antd-mobile';
import { EyeInvisibleOutline, EyeOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useAccountDetail } from '../../../lib/get-account-detail';
import { useBalanceVisibilityStore } from '../stores/balance-visibility-store';
import { balanceText } from '../utils/balance-text';
import './balance-card.css';

/** The first entry of the personal center (spec section 2): the balance, with a show/hide eye. */
export function BalanceCard() {
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
          className="balance-eye"
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
    </section>
  );
}
