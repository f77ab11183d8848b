import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet, useLocation } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useIsDesktop } from '../../hooks/use-is-desktop';
import { AppTabBar } from './app-tab-bar';
import { KeptAlivePages } from './kept-alive-pages';
import { useDocumentTitle } from './use-document-title';
import { useEscapeClosesDialogs } from './use-escape-closes-dialogs';
import { useLoginGuard } from './use-login-guard';
import { useNavigationEffects } from './use-navigation-effects';
import { useRouteMeta } from './use-route-meta';
import { useScrollToTop } from './use-scroll-to-top';

// The desktop's navigation is downloaded only on a desktop-wide window (home's first load stays lean).
const DesktopNav = lazy(() => import('./desktop-nav').then((module) => ({ default: module.DesktopNav })));
// A visitor has no feeds of their own: they are downloaded with a session only.
const SessionFeeds = lazy(() =>
  import('./session-feeds').then((module) => ({ default: module.SessionFeeds })),
);

/**
 * The shell around every page: the kept-alive pages and the current page in a phone-width column
 * with the tab bar on the footer routes; from 1024 px wide, the whole window under a top
 * navigation, which replaces the tab bar.
 */
export function AppLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  // A new session (login, logout, another account) starts the kept-alive pages afresh, so no
  // page of one account is ever shown to the next.
  const sessionKey = useUserStore((state) => state.token) ?? 'visitor';
  // Another language starts them afresh too: numbers are written in the reader's language
  // (lib/number-format.ts), and a memoized row (the market list's) would keep the old separators.
  const { t, i18n } = useTranslation();
  useScrollToTop();
  useNavigationEffects();
  useDocumentTitle(meta);
  useEscapeClosesDialogs();
  const desktop = useIsDesktop();
  const loginFirst = useLoginGuard(meta);
  if (loginFirst) return <Navigate to={loginFirst} replace />;
  const tabBar = meta.footer && !desktop;
  const columnClass = `app-column${tabBar ? ' has-tab-bar' : ''}${meta.tab ? ' is-tab-page' : ''}`;

  return (
    <div className={`app-frame${desktop ? ' is-desktop' : ''}`}>
      {/* A stop or a stop-out can close a position, and a deposit or a withdrawal be reviewed, while
          any page is shown: the customer hears of it. Keyed by the session, so a new one starts afresh. */}
      {sessionKey !== 'visitor' && (
        <Suspense fallback={null}>
          <SessionFeeds key={sessionKey} />
        </Suspense>
      )}
      {desktop && (
        <Suspense fallback={<div className="desktop-nav" />}>
          <DesktopNav activePath={meta.path} />
        </Suspense>
      )}
      <div className={columnClass} data-route={meta.path}>
        {/* The page's landmark; a plain block, so the layout is the same with or without it. */}
        <main className="app-main">
          <KeptAlivePages
            key={`${sessionKey}|${i18n.language}`}
            activePath={meta.keepAlive ? meta.path : null}
          />
          {/* Outside the page's boundary (keyed by the address, so a new page starts afresh): a page
              still downloading keeps the previous one on screen, the navigation being a transition. */}
          {!meta.keepAlive && (
            <Suspense fallback={null}>
              <AreaErrorBoundary key={location.pathname}>
                <Outlet />
              </AreaErrorBoundary>
            </Suspense>
          )}
        </main>
        {/* The desktop's footer: the public execution-quality report. */}
        {desktop && meta.path !== '/trade' && (
          <footer className="desktop-footer">
            <Link to="/execution" className="desktop-footer-link">
              {t('nav.execution')}
            </Link>
          </footer>
        )}
        {tabBar && <AppTabBar activePath={meta.path} />}
      </div>
    </div>
  );
}
