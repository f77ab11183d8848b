import { Outlet, useLocation } from 'react-router';
import { AreaErrorBoundary } from '../../components/error-boundary';
import { useUserStore } from '../../features/auth/stores/user-store';
import { useOrderClosedFeed } from '../../features/trading/hooks/use-order-closed-feed';
import { AppTabBar } from './app-tab-bar';
import { KeptAlivePages } from './kept-alive-pages';
import { useDocumentTitle } from './use-document-title';
import { useFundsOutcomes } from './use-funds-outcomes';
import { useNavigationEffects } from './use-navigation-effects';
import { useRouteMeta } from './use-route-meta';
import { useScrollToTop } from './use-scroll-to-top';

/**
 * The shell around every page: a phone-width column (centred on a wide screen), the kept-alive
 * pages, the current page, and the tab bar on the footer routes.
 */
export function AppLayout() {
  const meta = useRouteMeta();
  const location = useLocation();
  // A new session (login, logout, another account) starts the kept-alive pages afresh, so no
  // page of one account is ever shown to the next.
  const sessionKey = useUserStore((state) => state.token) ?? 'visitor';
  // A stop or a stop-out can close a position while any page is shown: the customer hears of it.
  useOrderClosedFeed(sessionKey !== 'visitor');
  // So can a deposit's or a withdrawal's review: the records and balances follow, and the customer hears.
  useFundsOutcomes(sessionKey !== 'visitor');
  useScrollToTop();
  useNavigationEffects();
  useDocumentTitle(meta);

  return (
    <div className="app-frame">
      <div className={`app-column${meta.footer ? ' has-tab-bar' : ''}`}>
        {/* The page's landmark; a plain block, so the layout is the same with or without it. */}
        <main className="app-main">
          <KeptAlivePages key={sessionKey} activePath={meta.keepAlive ? meta.path : null} />
          {!meta.keepAlive && (
            <AreaErrorBoundary key={location.pathname}>
              <Outlet />
            </AreaErrorBoundary>
          )}
        </main>
        {meta.footer && <AppTabBar activePath={meta.path} />}
      </div>
    </div>
  );
}
