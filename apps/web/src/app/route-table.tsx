import { type ComponentType, lazy as reactLazy } from 'react';
import { matchPath } from 'react-router';
import { antdRenderReady } from '../lib/antd-render-ready';
import type { RouteMeta } from './route-meta';
import { HomeRoute } from './routes/home';
import { TitledRoute } from './routes/titled';

export type PageComponent = ComponentType<{ meta: RouteMeta }>;

/**
 * A page is either in the main bundle (home, the first screen, and the plain titled pages) or
 * loaded when first opened (every other page, tabs included), which keeps their forms, schemas,
 * dialogs and charts out of the first download (docs/decisions.md "Web critical path").
 */
export type PageSource =
  | { kind: 'eager'; Page: PageComponent }
  | { kind: 'lazy'; load: () => Promise<PageComponent>; loaded: () => PageComponent | undefined };

export type RouteEntry = RouteMeta & { page: PageSource };

type Flags = Partial<Pick<RouteMeta, 'tab' | 'footer' | 'keepAlive' | 'requiresLogin'>>;

const eager = (Page: PageComponent): PageSource => ({ kind: 'eager', Page });
// A lazy page may open antd's imperative dialogs and toasts: its render hook is in place first. One
// download however many ask (the boot's preload, the router, React.lazy); a failed one is tried again.
const lazy = (load: () => Promise<PageComponent>): PageSource => {
  let loading: Promise<PageComponent> | undefined;
  let loaded: PageComponent | undefined;
  return {
    kind: 'lazy',
    load: () => {
      loading ??= Promise.all([load(), antdRenderReady()]).then(
        ([Page]) => {
          loaded = Page;
          return Page;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
  };
};

const Home = eager(HomeRoute);
const Titled = eager(TitledRoute);
const Trade = lazy(() => import('./routes/trade').then((module) => module.TradeRoute));
const Orders = lazy(() => import('./routes/orders').then((module) => module.OrdersRoute));
const User = lazy(() => import('./routes/user').then((module) => module.UserRoute));
const News = lazy(() => import('./routes/news').then((module) => module.NewsRoute));
const Copy = lazy(() => import('./routes/copy').then((module) => module.CopyRoute));
const Rank = lazy(() => import('./routes/rank').then((module) => module.RankRoute));
const Login = lazy(() => import('./routes/login').then((module) => module.LoginRoute));
const Register = lazy(() => import('./routes/register').then((module) => module.RegisterRoute));
const Forgot = lazy(() => import('./routes/forgot').then((module) => module.ForgotRoute));
const Legal = lazy(() => import('./routes/legal').then((module) => module.LegalRoute));
const Language = lazy(() => import('./routes/language').then((module) => module.LanguageRoute));
const System = lazy(() => import('./routes/system').then((module) => module.SystemRoute));
const NewsDetail = lazy(() => import('./routes/news-detail').then((module) => module.NewsDetailRoute));
const Providers = lazy(() => import('./routes/providers').then((module) => module.ProvidersRoute));
const RealName = lazy(() => import('./routes/real-name').then((module) => module.RealNameRoute));
const Invite = lazy(() => import('./routes/invite').then((module) => module.InviteRoute));
const CompanyEmail = lazy(() => import('./routes/company-email').then((module) => module.CompanyEmailRoute));
const Announcements = lazy(() =>
  import('./routes/announcements').then((module) => module.AnnouncementsRoute),
);
const ChangePassword = lazy(() =>
  import('./routes/change-password').then((module) => module.ChangePasswordRoute),
);
const Chat = lazy(() => import('./routes/chat').then((module) => module.ChatRoute));
// The profile draws its equity curve with the chart library, loaded only when a profile opens.
const Trader = lazy(() => import('./routes/trader').then((module) => module.TraderRoute));
const BillingHistory = lazy(() =>
  import('./routes/billing-history').then((module) => module.BillingHistoryRoute),
);
const Charge = lazy(() => import('./routes/charge').then((module) => module.ChargeRoute));
const Withdraw = lazy(() => import('./routes/withdraw').then((module) => module.WithdrawRoute));
const Wallet = lazy(() => import('./routes/wallet').then((module) => module.WalletRoute));
const BankCardList = lazy(() =>
  import('./routes/draw-method-lists').then((module) => module.BankCardListRoute),
);
const CoinAddressList = lazy(() =>
  import('./routes/draw-method-lists').then((module) => module.CoinAddressListRoute),
);
const WithdrawWay = lazy(() => import('./routes/withdraw-way').then((module) => module.WithdrawWayRoute));
const Execution = lazy(() => import('./routes/execution').then((module) => module.ExecutionRoute));
const FundsRecords = lazy(() => import('./routes/funds-records').then((module) => module.FundsRecordsRoute));

function route(path: string, titleKey: string, page: PageSource, flags: Flags = {}): RouteEntry {
  return {
    path,
    titleKey,
    page,
    tab: flags.tab ?? false,
    footer: flags.footer ?? false,
    keepAlive: flags.keepAlive ?? false,
    requiresLogin: flags.requiresLogin ?? false,
  };
}

/** The spec's footer pages: tab bar shown, kept alive. */
const FOOTER = { footer: true, keepAlive: true } as const;
const TAB = { ...FOOTER, tab: true } as const;
const LOGIN = { requiresLogin: true } as const;

/**
 * Every route of spec section 2, plus /copy (ARCHITECTURE: the "documentary" tab), a trader's
 * profile /rank/trader?id= (opened from the ranking, which is where a customer meets traders) and
 * the deposit and withdrawal records /mine/records?tab= (opened from the deposit and withdrawal
 * pages' title bars, and where a sent deposit or withdrawal leads: the spec names no route). Pages
 * not built yet show their translated title only (TitledRoute), so every route of the spec answers.
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  route('/', 'nav.home', Home, TAB),
  route('/trade', 'nav.trade', Trade, TAB),
  route('/order', 'nav.order', Orders, { ...TAB, ...LOGIN }),
  route('/copy', 'nav.copy', Copy, { ...TAB, ...LOGIN }),
  route('/rank', 'nav.rank', Rank, TAB),
  route('/rank/trader', 'nav.trader', Trader),
  route('/user', 'nav.user', User, { ...FOOTER, ...LOGIN }),
  route('/news', 'nav.news', News, FOOTER),
  route('/news/detail', 'nav.newsDetail', NewsDetail),
  route('/feedback', 'nav.feedback', Titled),
  route('/login', 'nav.login', Login),
  route('/register', 'nav.register', Register),
  route('/forgot', 'nav.forgot', Forgot),
  // The terms and the risk warning the sign-up links to.
  route('/legal', 'nav.legal', Legal),
  // The public execution-quality report: linked from the personal center and the desktop footer.
  route('/execution', 'nav.execution', Execution),
  route('/product', 'common.search', Providers),
  route('/language', 'nav.language', Language),
  route('/mine/auth', 'nav.mineAuth', RealName, LOGIN),
  route('/mine/invite', 'nav.mineInvite', Invite, LOGIN),
  route('/mine/email', 'nav.mineEmail', CompanyEmail, LOGIN),
  route('/mine/announcement', 'nav.mineAnnouncement', Announcements, LOGIN),
  route('/mine/password', 'nav.minePassword', ChangePassword, LOGIN),
  route('/mine/history', 'nav.mineHistory', BillingHistory, LOGIN),
  route('/mine/charge', 'nav.mineCharge', Charge, LOGIN),
  route('/mine/withdraw', 'nav.mineWithdraw', Withdraw, LOGIN),
  route('/mine/chat', 'nav.mineChat', Chat, LOGIN),
  route('/mine/system', 'nav.mineSystem', System, LOGIN),
  route('/mine/wallet', 'nav.mineWallet', Wallet, LOGIN),
  route('/mine/bank-card-list', 'nav.mineBankCardList', BankCardList, LOGIN),
  route('/mine/coin-address-list', 'nav.mineCoinAddressList', CoinAddressList, LOGIN),
  route('/mine/withdraw-way', 'nav.mineWithdrawWay', WithdrawWay, LOGIN),
  route('/mine/records', 'nav.mineRecords', FundsRecords, LOGIN),
];

const pageComponents = new Map<RouteEntry, PageComponent>();

/**
 * A route's page component, the same one every time: an eager page as it is; a lazy one already
 * downloaded (the address the app opened with: bootstrap waits for it) as it is too, so the first
 * render never suspends (React would show the fallback, then hold the page back ~300 ms); any other
 * through React.lazy, which downloads it on the first visit (the navigation, a transition, keeps the
 * previous page on screen meanwhile).
 */
export function pageComponentOf(entry: RouteEntry): PageComponent {
  const page = entry.page;
  if (page.kind === 'eager') return page.Page;
  let Page = pageComponents.get(entry);
  if (!Page) {
    Page = page.loaded() ?? reactLazy(() => page.load().then((Loaded) => ({ default: Loaded })));
    pageComponents.set(entry, Page);
  }
  return Page;
}

/** The kept-alive pages; the layout renders them (inside a Suspense boundary). */
export const KEPT_ALIVE_ROUTES = ROUTE_TABLE.filter((entry) => entry.keepAlive);

/** The route an address opens (paths match as React Router matches them: case and a final slash aside). */
export function routeEntryOf(pathname: string): RouteEntry | undefined {
  return ROUTE_TABLE.find((entry) => matchPath(entry.path, pathname) !== null);
}

/**
 * Downloads the page the address opens, if it is a lazy one a visitor may see, while the texts load
 * (bootstrap renders once both are in: one round trip less before, say, /trade's price shows, and no
 * blank frame). Resolves either way: a failed download is reported, and tried again, when the page
 * itself asks for it. Pages behind the login are left to the guard.
 */
export async function preloadRoutePage(pathname: string): Promise<void> {
  const entry = routeEntryOf(pathname);
  if (entry?.page.kind !== 'lazy' || entry.requiresLogin) return;
  await entry.page.load().then(
    () => {},
    () => {},
  );
}
