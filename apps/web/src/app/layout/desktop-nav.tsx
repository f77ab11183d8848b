import { ContentOutline, UserOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { useUserStore } from '../../features/auth/stores/user-store';
import { LanguageSwitchButton } from '../../features/language/components/language-switch-button';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import { accountLabelOf } from '../../features/user/components/account-card';
import { NAV_TABS } from './nav-tabs';
import { SignInLinks } from './sign-in-links';
import './desktop-nav.css';

/** A section is current on its own page and on the pages under it (a trader's profile is under ranking). */
function isCurrent(tabPath: string, activePath: string): boolean {
  if (tabPath === '/') return activePath === '/';
  return activePath === tabPath || activePath.startsWith(`${tabPath}/`);
}

/** Who is signed in, opening the personal center; a visitor gets log in and sign up instead. */
function AccountArea() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const user = useUserStore((state) => state.user);
  const loggedIn = useUserStore((state) => state.token !== null);
  if (!loggedIn || !user) {
    return <SignInLinks loginClassName="desktop-nav-login" registerClassName="desktop-nav-register" />;
  }
  const isDemo = user.is_demo === 1;
  return (
    <button
      type="button"
      className="desktop-nav-account"
      aria-label={t('nav.user')}
      aria-current={pathname === '/user' ? 'page' : undefined}
      onClick={() => navigate('/user')}
    >
      <span className="desktop-nav-avatar" aria-hidden="true">
        <UserOutline fontSize={18} />
      </span>
      <bdi className="desktop-nav-account-name">{accountLabelOf(user, t('user.mockAccount'))}</bdi>
      <span className={`desktop-nav-badge${isDemo ? ' is-demo' : ''}`}>
        {t(isDemo ? 'user.demoBadge' : 'user.realBadge')}
      </span>
    </button>
  );
}

/**
 * The desktop's top navigation, in place of the phone's tab bar: the brand, the five
 * sections, news, language and the account. Loaded only on a desktop-wide window.
 */
export function DesktopNav({ activePath }: { activePath: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <header className="desktop-nav">
      <Link className="desktop-nav-brand" to="/" aria-label="Meridian">
        <BrandMark sizePx={28} />
        <span className="desktop-nav-brand-name">Meridian</span>
      </Link>
      <PriceSourceLabel className="desktop-nav-source" />
      <nav className="desktop-nav-sections" aria-label={t('tabs.label')}>
        {NAV_TABS.map((tab) => {
          const current = isCurrent(tab.path, activePath);
          return (
            <Link
              key={tab.path}
              to={tab.path}
              className={`desktop-nav-link${current ? ' is-current' : ''}`}
              aria-current={current ? 'page' : undefined}
              data-path={tab.path}
            >
              <span className="desktop-nav-icon" aria-hidden="true">
                {tab.icon}
              </span>
              {t(tab.labelKey)}
            </Link>
          );
        })}
      </nav>
      <div className="desktop-nav-actions">
        <button
          type="button"
          className="header-button"
          aria-label={t('nav.news')}
          onClick={() => navigate('/news')}
        >
          <ContentOutline fontSize={20} />
        </button>
        <LanguageSwitchButton showName onClick={() => navigate('/language')} />
        <AccountArea />
      </div>
    </header>
  );
}
