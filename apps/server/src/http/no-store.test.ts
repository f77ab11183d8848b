import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app-hooks';
import { reportDeposit, verifiedCustomer } from '../../test/funds';
import { callWithUnreadableBody, routeTable } from '../../test/route-list';
import { staffSession } from '../../test/staff';

const t = useTestApp();
let customerToken: string;
let customerId: number;
let adminToken: string;
beforeAll(async () => {
  const compliance = await staffSession(t, 'compliance', 'Compliance Officer');
  const customer = await verifiedCustomer(t, compliance, 'nostore');
  customerToken = customer.token;
  customerId = customer.user.id;
  await reportDeposit(t, customerToken, '100');
  adminToken = (await staffSession(t, 'admin', 'Head Office')).token;
});

const API_PREFIXES = ['/api/', '/v1/api/', '/admin/api/'];

/** Every route of the API in the app's own route table (not a hand-picked list). */
function apiRoutes(): { method: 'GET' | 'POST'; path: string }[] {
  return routeTable(t.app)
    .map((route) => route.split(' ') as ['GET' | 'POST', string])
    .filter(
      ([method, path]) =>
        (method === 'GET' || method === 'POST') && API_PREFIXES.some((p) => path.startsWith(p)),
    )
    .map(([method, path]) => ({ method, path: path.replace(/:[A-Za-z_]+/g, 'x') }));
}

// A POST's body is not JSON: no route writes anything, and the answer is the error handler's.
const send = (method: 'GET' | 'POST', url: string, token: string | undefined) =>
  callWithUnreadableBody(t.app, method, url, token);

/** What is wrong with an answer's caching header (empty: nothing). */
function cachingProblem(response: LightMyRequestResponse): string | null {
  const cacheControl = response.headers['cache-control'];
  const json = String(response.headers['content-type'] ?? '').includes('application/json');
  // A file a route serves (a logo, the artwork, a signed private image) states its own policy.
  if (!json && response.statusCode === 200) return cacheControl ? null : 'a file without Cache-Control';
  return cacheControl === 'no-store' ? null : `Cache-Control: ${String(cacheControl)}`;
}

describe('Cache-Control: no-store on every answer of the API', () => {
  it('walks every route of the route table, signed in (as its area) and not, answers and refusals alike', async () => {
    const routes = apiRoutes();
    expect(routes.length).toBeGreaterThan(80);
    expect(routes.some((route) => route.path === '/admin/api/customers/detail')).toBe(true);
    const problems: string[] = [];
    for (const route of routes) {
      const token = route.path.startsWith('/admin/api/') ? adminToken : customerToken;
      for (const caller of [token, undefined, 'not-a-live-token']) {
        const response = await send(route.method, route.path, caller);
        const problem = cachingProblem(response);
        if (problem)
          problems.push(`${route.method} ${route.path} (${caller ? 'signed in' : 'visitor'}): ${problem}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('on unknown API paths too, where only the not-found handler answers', async () => {
    for (const url of ['/admin/api/no_such_call', '/api/no_such_call', '/v1/api/no/such']) {
      const response = await send('GET', url, undefined);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('on the answers that carry a customer: their detail, KYC submissions and deposit lists, staff and own', async () => {
    const reads = [
      { url: `/admin/api/customers/detail?id=${customerId}`, token: adminToken },
      { url: `/admin/api/kyc/submissions?state=all&user_id=${customerId}`, token: adminToken },
      { url: `/admin/api/funds/deposits?user_id=${customerId}`, token: adminToken },
      { url: '/api/user_real/center', token: customerToken },
      { url: '/api/quickCharge/quick_ist', token: customerToken },
      { url: '/api/user/info', token: customerToken },
    ];
    for (const { url, token } of reads) {
      const response = await send('GET', url, token);
      expect(response.json().code, `${url}: ${response.json().msg}`).toBe(1);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('leaves the built apps and the public files their own policy', async () => {
    const healthz = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(healthz.headers['cache-control']).toBeUndefined();
  });
});
