import type { HTTPMethods } from 'fastify';

/**
 * How a customer route treats the session token. `open`: it is not read. `identified`: a valid one
 * names the user (`request.user`), a missing or dead one leaves a visitor. Every other route needs
 * a session (`signed-in`).
 */
export type VisitorAccess = 'open' | 'identified';
export type RouteAccess = VisitorAccess | 'signed-in';

/** Paths of the customer API (spec section 7); the back office under /admin/api has its own guard. */
const CUSTOMER_API_PREFIXES = ['/api/', '/v1/api/'];

/**
 * The customer routes a visitor may call, as `METHOD path` (a GET covers its HEAD). Every other
 * route of the customer API needs a session, checked before its body or query is read: a new route
 * is signed-in unless it is added here, and the route-table test fails for any route of the app
 * that is neither guarded nor listed as open.
 */
export const VISITOR_ROUTES: Readonly<Record<string, VisitorAccess>> = {
  // Settings and the registration captcha (spec section 7, /api/default and /api/basicSet).
  'GET /api/default/area_list': 'open',
  'GET /api/default/setting': 'open',
  'GET /api/default/captcha': 'open',
  'GET /api/basicSet/getBasicInfo': 'open',
  // Signing in, signing up and a forgotten password: the calls that make a session.
  'GET /api/user/createAccountDemoForU': 'open',
  'POST /api/user/loginForU': 'open',
  'POST /api/user/register': 'open',
  'POST /api/user/forget_password': 'open',
  // Codes: without `email`, send_email writes to the signed-in user's own address.
  'POST /api/notify/send_email': 'identified',
  'POST /api/notify/send_sms': 'open',
  // News, announcements, the company pages and their artwork.
  'GET /api/news/category_list': 'open',
  'GET /api/news/list': 'open',
  'GET /api/news/info': 'open',
  'GET /api/announcement/list': 'open',
  'GET /api/announcement/info': 'open',
  'GET /api/company/complaint_email': 'open',
  'GET /api/company/getCompany': 'open',
  'GET /api/company/getCompanyStatus': 'open',
  'GET /api/content/art/:name.svg': 'open',
  // The terms and the risk warning, read from the sign-up form.
  'GET /api/legal/current': 'open',
  'GET /api/legal/text': 'open',
  // A private image: an <img> sends no token (the signed address is the proof); a request that
  // does send one must be the owner's.
  'GET /api/common/image/:name': 'identified',
  // The copy-trading ranking and a trader's profile (which shows a signed-in user their follow).
  'GET /api/follow/list': 'open',
  'GET /api/follow/trader': 'identified',
  // Quotes, charts and logos.
  'GET /v1/api/forex/categories': 'open',
  'GET /v1/api/forex/trade_list': 'open',
  'GET /v1/api/forex/abbreviated_cache_kline': 'open',
  'GET /v1/api/forex/kline': 'open',
  'GET /v1/api/forex/logo/:code.svg': 'open',
  // The public execution-quality report: anyone may see how fills compare with their quotes.
  'GET /api/execution/quality': 'open',
};

/** The access of a customer route, or null for a route outside the customer API. */
export function routeAccess(method: HTTPMethods | HTTPMethods[], url: string): RouteAccess | null {
  if (!CUSTOMER_API_PREFIXES.some((prefix) => url.startsWith(prefix))) return null;
  const methods = Array.isArray(method) ? method : [method];
  const accesses = methods.map((one) => VISITOR_ROUTES[`${one === 'HEAD' ? 'GET' : one} ${url}`]);
  // One route for several methods is open only if every one of them is listed.
  if (accesses.every((access) => access === 'open')) return 'open';
  if (accesses.every((access) => access !== undefined)) return 'identified';
  return 'signed-in';
}
