import type { User } from '@meridian/contract/auth';
import { UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import './personal-center.css';

/** Who is signed in. A demo user is shown as "demo account" rather than an address (spec section 6). */
export function accountLabelOf(user: User, mockLabel: string): string {
  if (user.is_demo === 1) return mockLabel;
  if (user.email) return user.email;
  return [user.area_code, user.mobile].filter(Boolean).join(' ');
}

/** Lets a long address wrap before the @ rather than inside the domain. */
function BreakableAddress({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at <= 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <wbr />
      {text.slice(at)}
    </>
  );
}

export function AccountCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const isDemo = user.is_demo === 1;
  return (
    <section className="account-card" aria-label={t('user.account')}>
      <div className="account-avatar" aria-hidden="true">
        <UserOutline fontSize={30} />
      </div>
      <div className="account-text">
        <div className="account-name">
          <bdi className="account-label">
            <BreakableAddress text={accountLabelOf(user, t('user.mockAccount'))} />
          </bdi>
          <span className={`pill-tag account-badge ${isDemo ? 'account-badge-demo' : 'account-badge-real'}`}>
            {t(isDemo ? 'user.demoBadge' : 'user.realBadge')}
          </span>
        </div>
        <div className="account-uid">{t('user.uid', { uid: user.uid })}</div>
      </div>
    </section>
  );
}
