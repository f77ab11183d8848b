import { UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DemoBadge } from '../account/demo-badge';

/** The avatar button of the tab pages' headers: opens the personal center (ARCHITECTURE). */
export function AvatarButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="header-button header-avatar"
      aria-label={t('nav.user')}
      onClick={() => navigate('/user')}
    >
      <UserOutline fontSize={20} />
    </button>
  );
}

/** The tab pages' header buttons, after "Demo" while a demo account is in use. */
export function HeaderActions({ children }: { children?: ReactNode }) {
  return (
    <div className="header-actions">
      <DemoBadge />
      {children}
      <AvatarButton />
    </div>
  );
}
