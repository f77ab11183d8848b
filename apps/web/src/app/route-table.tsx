import type { ComponentType } from 'react';
import type { RouteMeta } from './route-meta';
import { CopyRoute } from './routes/copy';
import { HomeRoute } from './routes/home';
import { NewsRoute } from './routes/news';
import { OrdersRoute } from './routes/orders';
import { RankRoute } from './routes/rank';
import { TitledRoute } from './routes/titled';
import { TradeRoute } from './routes/trade';
import { UserRoute } from './routes/user';

export type PageComponent = ComponentType<{ meta: RouteMeta }>;

/**
 * A page is either in the main bundle (the kept-alive tab pages, which the layout renders itself,
 * and the plain titled pages) or loaded when first opened (the forms), which keeps their form
 * library and schemas out of the first download.
 */
export type PageSource =
  | { kind: 'eager'; Page: PageComponent }
  | { kind: 'lazy'; load: () => Promise<PageComponent> };

export type RouteEntry = RouteMeta & { page: PageSource };

type Flags = Partial<Pick<RouteMeta, 'tab' | 'footer' | 'keepAlive' | 'requiresLogin'>>;

const eager = (Page: PageComponent): PageSource => ({ kind: 'eager', Page });
const lazy = (load: () => Promise<PageComponent>): PageSource => ({ kind: 'lazy', load });

const Home = eager(HomeRoute);
const Titled = eager(TitledRoute);
const Trade = eager(TradeRoute);
const Orders = eager(OrdersRoute);
const User = eager(UserRoute);
const News = eager(NewsRoute);
const Copy = eager(CopyRoute);
const Rank = eager(RankRoute);
const Login = lazy(() => import('./routes/login').then((module) => module.LoginRoute));
const Register = lazy(() => import('./routes/register').then((module) => module.RegisterRoute));
const Forgot = lazy(() => import('./routes/forgot').then((module) => module.ForgotRoute));
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
 * Every route of spec section 2, plus /copy (ARCHITECTURE: the "documentary" tab) and a trader's
 * profile /rank/trader?id= (opened from the ranking; issue 6). Pages that later
 * issues build show their translated title only (TitledRoute).
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
  route('/product', 'nav.product', Providers),
  route('/language', 'nav.language', Language),
  route('/mine/auth', 'nav.mineAuth', RealName, LOGIN),
  route('/mine/invite', 'nav.mineInvite', Invite, LOGIN),
  route('/mine/email', 'nav.mineEmail', CompanyEmail, LOGIN),
  route('/mine/announcement', 'nav.mineAnnouncement', Announcements, LOGIN),
  route('/mine/password', 'nav.minePassword', ChangePassword, LOGIN),
  route('/mine/history', 'nav.mineHistory', BillingHistory, LOGIN),
  route('/mine/charge', 'nav.mineCharge', Titled, LOGIN),
  route('/mine/withdraw', 'nav.mineWithdraw', Titled, LOGIN),
  route('/mine/chat', 'nav.mineChat', Chat, LOGIN),
  route('/mine/system', 'nav.mineSystem', System, LOGIN),
  route('/mine/wallet', 'nav.mineWallet', Titled, LOGIN),
  route('/mine/bank-card-list', 'nav.mineBankCardList', Titled, LOGIN),
  route('/mine/coin-address-list', 'nav.mineCoinAddressList', Titled, LOGIN),
  route('/mine/withdraw-way', 'nav.mineWithdrawWay', Titled, LOGIN),
];

/** The kept-alive pages with their component; the layout renders them, so they cannot be lazy. */
export const KEPT_ALIVE_ROUTES = ROUTE_TABLE.filter((entry) => entry.keepAlive).map((entry) => {
  if (entry.page.kind !== 'eager') throw new Error(`Kept-alive route ${entry.path} must not be lazy`);
  return { ...entry, Page: entry.page.Page };
});
