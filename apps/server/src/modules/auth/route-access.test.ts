import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-hooks';
import { callWithUnreadableBody, routeTable } from '../../../test/route-list';
import { translate } from '../../http/i18n';
import { routeAccess, VISITOR_ROUTES } from './route-access';

const t = useTestApp();

/**
 * Routes outside the customer API that need no session, each for its reason. Anything else in the
 * route table must answer 999 without a session, so a new route is either guarded or listed.
 */
function openOutsideCustomerApi(route: string): boolean {
  return (
    route === 'GET /healthz' || // the load balancer's probe
    route === 'GET /readyz' || // the load balancer's readiness probe
    route === 'GET /v1/ws' || // the socket: it logs in with a message, and visitors get quotes
    route === 'GET /admin/ws' || // the staff socket: a staff login message, then only staff topics
    route === 'POST /admin/api/login' || // the back office's sign-in (staffPublic)
    route === 'GET /admin/api/enrolment' || // a staff member's enrolment link (staffPublic)
    route === 'POST /admin/api/enrol' || // confirming the enrolment with a first code (staffPublic)
    route.startsWith('GET /docs') // the API's documentation (OpenAPI and its viewer)
  );
}

/** Fields no route accepts in these shapes: a page below one, ids that are not numbers. */
const MALFORMED_QUERY = 'page=-1&id=not-a-number&forex_id=x&type=nope&status=9';

async function callWithoutSession(route: string, token?: string) {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const url = `${path.replace(/:[A-Za-z]+/g, 'x')}?${MALFORMED_QUERY}`;
  // A POST's body is not even JSON: the route must not get as far as reading it.
  return callWithUnreadableBody(t.app, method, url, token);
}

describe('the session is checked before the body, on every route', () => {
  it('reads a route table with the routes of every area', () => {
    const routes = routeTable(t.app);
    for (const route of [
      'POST /api/user/logout',
      'GET /api/company/getCompanyStatus',
      'POST /v1/api/forex/submit',
      'POST /admin/api/support/reply',
      'GET /docs/json',
    ]) {
      expect(routes).toContain(route);
    }
  });

  it('answers 999 (HTTP 200) to a call without a session or with a dead one, whatever its body and query', async () => {
    const guarded = routeTable(t.app).filter(
      (route) => VISITOR_ROUTES[route] === undefined && !openOutsideCustomerApi(route),
    );
    expect(guarded.length).toBeGreaterThan(30);
    const expected = { code: 999, msg: translate('en', 'error.session_invalid'), data: null };
    const answers: Record<string, unknown> = {};
    for (const route of guarded) {
      for (const token of [undefined, 'not-a-live-token']) {
        const response = await callWithoutSession(route, token);
        answers[`${route} ${token ?? '(no token)'}`] = {
          status: response.statusCode,
          ...(response.json() as object),
        };
      }
    }
    const wrong = Object.entries(answers).filter(
      ([, answer]) => JSON.stringify(answer) !== JSON.stringify({ status: 200, ...expected }),
    );
    expect(wrong).toEqual([]);
  });

  it('lists only routes that exist, and lets visitors through them even with a dead token', async () => {
    const routes = routeTable(t.app);
    for (const route of Object.keys(VISITOR_ROUTES)) {
      expect(routes).toContain(route);
      const response = await callWithoutSession(route, 'not-a-live-token');
      if (response.headers['content-type']?.toString().includes('json')) {
        expect({ route, code: response.json().code }).not.toEqual({ route, code: 999 });
      }
    }
  });
});

describe('routeAccess', () => {
  it('makes a customer route signed-in unless it is listed, and leaves other paths alone', () => {
    expect(routeAccess('POST', '/api/some/new_route')).toBe('signed-in');
    expect(routeAccess('GET', '/v1/api/forex/new_route')).toBe('signed-in');
    expect(routeAccess('GET', '/api/news/list')).toBe('open');
    expect(routeAccess('HEAD', '/api/news/list')).toBe('open');
    expect(routeAccess('POST', '/api/news/list')).toBe('signed-in');
    expect(routeAccess('GET', '/api/follow/trader')).toBe('identified');
    expect(routeAccess(['GET', 'POST'], '/api/news/list')).toBe('signed-in');
    expect(routeAccess('GET', '/admin/api/me')).toBeNull();
    expect(routeAccess('GET', '/healthz')).toBeNull();
  });
});
