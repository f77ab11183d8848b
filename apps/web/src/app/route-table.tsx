import type { ComponentType } from 'react';
import type { RouteMeta } from './route-meta';
import { ForgotRoute } from './routes/forgot';
import { HomeRoute } from './routes/home';
import { LanguageRoute } from './routes/language';
import { LoginRoute } from './routes/login';
import { RegisterRoute } from './routes/register';
import { SystemRoute } from './routes/system';
import { TitledRoute } from './routes/titled';
import { UserRoute } from './routes/user';

export type RouteEntry = RouteMeta & { Page: ComponentType<{ meta: RouteMeta }> };

type Flags = Partial<Pick<RouteMeta, 'tab' | 'footer' | 'keepAlive' | 'requiresLogin'>>;

function route(path: string, titleKey: string, Page: RouteEntry['Page'], flags: Flags = {}): RouteEntry {
  return {
    path,
    titleKey,
    Page,
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
 * Every route of spec section 2, plus /copy (ARCHITECTURE: the "documentary" tab). Pages that later
 * issues build show their translated title only (TitledRoute).
 */
export const ROUTE_TABLE: readonly RouteEntry[] = [
  route('/', 'nav.home', HomeRoute, TAB),
  route('/trade', 'nav.trade', TitledRoute, TAB),
  route('/order', 'nav.order', TitledRoute, { ...TAB, ...LOGIN }),
  route('/copy', 'nav.copy', TitledRoute, { ...TAB, ...LOGIN }),
  route('/rank', 'nav.rank', TitledRoute, TAB),
  route('/user', 'nav.user', UserRoute, { ...FOOTER, ...LOGIN }),
  route('/news', 'nav.news', TitledRoute, FOOTER),
  route('/news/detail', 'nav.newsDetail', TitledRoute),
  route('/feedback', 'nav.feedback', TitledRoute),
  route('/login', 'nav.login', LoginRoute),
  route('/register', 'nav.register', RegisterRoute),
  route('/forgot', 'nav.forgot', ForgotRoute),
  route('/product', 'nav.product', TitledRoute),
  route('/language', 'nav.language', LanguageRoute),
  route('/mine/auth', 'nav.mineAuth', TitledRoute, LOGIN),
  route('/mine/invite', 'nav.mineInvite', TitledRoute, LOGIN),
  route('/mine/email', 'nav.mineEmail', TitledRoute, LOGIN),
  route('/mine/announcement', 'nav.mineAnnouncement', TitledRoute, LOGIN),
  route('/mine/password', 'nav.minePassword', TitledRoute, LOGIN),
  route('/mine/history', 'nav.mineHistory', TitledRoute, LOGIN),
  route('/mine/charge', 'nav.mineCharge', TitledRoute, LOGIN),
  route('/mine/withdraw', 'nav.mineWithdraw', TitledRoute, LOGIN),
  route('/mine/chat', 'nav.mineChat', TitledRoute, LOGIN),
  route('/mine/system', 'nav.mineSystem', SystemRoute, LOGIN),
  route('/mine/wallet', 'nav.mineWallet', TitledRoute, LOGIN),
  route('/mine/bank-card-list', 'nav.mineBankCardList', TitledRoute, LOGIN),
  route('/mine/coin-address-list', 'nav.mineCoinAddressList', TitledRoute, LOGIN),
  route('/mine/withdraw-way', 'nav.mineWithdrawWay', TitledRoute, LOGIN),
];

export const KEPT_ALIVE_ROUTES = ROUTE_TABLE.filter((entry) => entry.keepAlive);
