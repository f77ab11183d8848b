import { useTranslation } from 'react-i18next';
import { useUserStore } from '../../features/auth/stores/user-store';
import './demo-badge.css';

/**
 * "Demo" in the header of the tab pages (trade, orders...) while a demo account is in use, so the
 * customer always knows whose money moves. The one name the personal center uses too.
 */
export function DemoBadge() {
  const { t } = useTranslation();
  const isDemo = useUserStore((state) => state.user?.is_demo === 1);
  if (!isDemo) return null;
  return (
    <span className="demo-badge" data-testid="demo-badge">
      {t('user.demoBadge')}
    </span>
  );
}
