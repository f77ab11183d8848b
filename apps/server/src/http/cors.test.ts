import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshEmail, registerByEmail } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';
import { fetchImage, makeImage, upload } from '../../test/images';
import { socketUrl, TestSocket } from '../../test/socket';
import { translate } from './i18n';

// The API on its own origin. CORS for the origins CORS_ORIGINS names, none by
// default; the socket checks Origin against the same list; artwork and images load across origins.

const APP_ORIGIN = 'https://m.example.test';
const OTHER_APP_ORIGIN = 'http://localhost:5173';
const STRANGER = 'https://evil.example.net';

/** The app's preflight before an order: a POST with the headers api-client.ts sends. */
function preflight(t: TestApp, origin: string, url = '/v1/api/forex/submit') {
  return t.app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'lang,authorization,content-type,idempotency-key',
    },
  });
}

function corsHeadersOf(headers: Record<string, unknown>): string[] {
  return Object.keys(headers).filter((name) => name.startsWith('access-control-'));
}

describe('without CORS_ORIGINS (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends no CORS header at all, to a call or a preflight from any origin', async () => {
    const answer = await t.app.inject({
      method: 'GET',
      url: '/v1/api/forex/categories',
      headers: { origin: APP_ORIGIN, lang: 'en' },
    });
    expect(answer.json().code).toBe(1);
    expect(corsHeadersOf(answer.headers)).toEqual([]);
    const asked = await preflight(t, APP_ORIGIN);
    expect(asked.statusCode).toBe(404);
    expect(corsHeadersOf(asked.headers)).toEqual([]);
  });

  it('opens a socket from any origin, as before (the list is what turns the check on)', async () => {
    const socket = await TestSocket.open(await socketUrl(t), { origin: STRANGER });
    socket.send({ type: 'ping' });
    expect(await socket.next()).toEqual({ type: 'pong' });
    socket.close();
  });
});

describe('with CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { CORS_ORIGINS: `${APP_ORIGIN}, ${OTHER_APP_ORIGIN}` } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers an allowed origin’s preflight with the methods and headers the app sends', async () => {
    for (const origin of [APP_ORIGIN, OTHER_APP_ORIGIN]) {
      const asked = await preflight(t, origin);
      expect(asked.statusCode).toBe(204);
      expect(asked.headers['access-control-allow-origin']).toBe(origin);
      expect(asked.headers['access-control-allow-credentials']).toBeUndefined();
      const methods = String(asked.headers['access-control-allow-methods']).split(/,\s*/);
      expect(methods).toEqual(expect.arrayContaining(['GET', 'POST', 'DELETE']));
      const allowed = String(asked.headers['access-control-allow-headers']).split(/,\s*/);
      expect(allowed).toEqual(
        expect.arrayContaining(['lang', 'authorization', 'content-type', 'idempotency-key']),
      );
      expect(Number(asked.headers['access-control-max-age'])).toBeGreaterThan(0);
      expect(String(asked.headers.vary)).toContain('Origin');
    }
  });

  it('answers a signed-in route’s preflight before its session check (a preflight carries no token)', async () => {
    const asked = await preflight(t, APP_ORIGIN, '/api/user/info');
    expect(asked.statusCode).toBe(204);
    expect(asked.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('lets the allowed origin read the answers: a call, a refusal, a dead session', async () => {
    const categories = await t.app.inject({
      method: 'GET',
      url: '/v1/api/forex/categories',
      headers: { origin: APP_ORIGIN, lang: 'en' },
    });
    expect(categories.json().code).toBe(1);
    expect(categories.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect(String(categories.headers.vary)).toContain('Origin');
    const dead = await t.app.inject({
      method: 'GET',
      url: '/api/user/info',
      headers: { origin: APP_ORIGIN, lang: 'en', authorization: 'no-such-token' },
    });
    expect(dead.json().code).toBe(999);
    expect(dead.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
  });

  it('gives a refused origin, or a request without one, no CORS header, and its preflight is not found', async () => {
    for (const origin of [STRANGER, `${APP_ORIGIN}.evil.net`, 'null', APP_ORIGIN.replace('https', 'http')]) {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/v1/api/forex/categories',
        headers: { origin, lang: 'en' },
      });
      expect(answer.json().code).toBe(1);
      expect(corsHeadersOf(answer.headers)).toEqual([]);
      const asked = await preflight(t, origin);
      expect(asked.statusCode).toBe(404);
      expect(corsHeadersOf(asked.headers)).toEqual([]);
    }
    const plain = await t.app.inject({ method: 'GET', url: '/v1/api/forex/categories' });
    expect(corsHeadersOf(plain.headers)).toEqual([]);
  });

  it('lets the allowed origins, our own host and non-browsers open the socket, and refuses any other origin', async () => {
    const url = await socketUrl(t);
    const host = new URL(url).host;
    for (const headers of [{ origin: APP_ORIGIN }, { origin: `http://${host}` }, undefined]) {
      const socket = await TestSocket.open(url, headers);
      socket.send({ type: 'ping' });
      expect(await socket.next()).toEqual({ type: 'pong' });
      socket.close();
    }
    await expect(TestSocket.open(url, { origin: STRANGER })).rejects.toThrow(
      'Unexpected server response: 403',
    );
    const refused = await t.app.inject({
      method: 'GET',
      url: '/v1/ws',
      headers: { origin: STRANGER, lang: 'en' },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 0, msg: translate('en', 'error.origin_forbidden'), data: null });
  });

  it('serves artwork and logos to any origin and private images to the site (resource policy)', async () => {
    const logo = await t.app.inject({ method: 'GET', url: '/v1/api/forex/logo/BTCUSDT.svg' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const artwork = await t.app.inject({ method: 'GET', url: '/api/content/art/markets.svg' });
    expect(artwork.statusCode).toBe(200);
    expect(artwork.headers['cross-origin-resource-policy']).toBe('cross-origin');

    // A private image: its signed address is relative (the app puts the API origin before it), and
    // it loads on the API's site (the spec's api.<domain> beside the app's host), not on others.
    const session = await registerByEmail(t, freshEmail('cors'));
    const uploaded = await upload(t, session.token, await makeImage('jpeg'), { purpose: 'proof' });
    expect(uploaded.code).toBe(1);
    const url = uploaded.data?.url ?? '';
    expect(url.startsWith('/api/common/image/')).toBe(true);
    const image = await t.app.inject({ method: 'GET', url, headers: { origin: APP_ORIGIN, lang: 'en' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['cross-origin-resource-policy']).toBe('same-site');
    expect(image.headers['access-control-allow-origin']).toBe(APP_ORIGIN);
    expect((await fetchImage(t, url)).status).toBe(200);
  });

  it('keeps JSON answers to the page’s own origin for a no-cors read (helmet’s same-origin)', async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/v1/api/forex/categories' });
    expect(answer.headers['cross-origin-resource-policy']).toBe('same-origin');
  });
});

describe('the page of a web build that calls its API on another origin', () => {
  const page = (apiOrigin: string) =>
    `<!doctype html><html><head><meta name="meridian-api-origin" content="${apiOrigin}"></head><body></body></html>`;

  it('may connect to and show images from the origin the build names (content security policy)', async () => {
    const t = await createTestApp({ webFiles: { 'index.html': page('http://127.0.0.1:9911') } });
    try {
      const answer = await t.app.inject({ method: 'GET', url: '/' });
      const policy = String(answer.headers['content-security-policy']);
      expect(policy).toContain("connect-src 'self' http://127.0.0.1:9911 ws: wss:");
      expect(policy).toContain("img-src 'self' http://127.0.0.1:9911 data: blob:");
    } finally {
      await t.close();
    }
  });

  it('in the derived mode, may reach the api host of the host it is served on, and only that', async () => {
    const t = await createTestApp({ webFiles: { 'index.html': page('derived') } });
    try {
      const policyFor = async (host: string) =>
        String(
          (await t.app.inject({ method: 'GET', url: '/', headers: { host } })).headers[
            'content-security-policy'
          ],
        );
      expect(await policyFor('m.example.test')).toContain(
        "connect-src 'self' http://api.example.test ws: wss:",
      );
      expect(await policyFor('m.example.test')).toContain("img-src 'self' http://api.example.test data:");
      expect(await policyFor('m.other.test:8443')).toContain(
        "connect-src 'self' http://api.other.test:8443 ws:",
      );
      // No subdomain to swap: the page's own origin is the API's.
      expect(await policyFor('localhost:8080')).toContain("connect-src 'self' ws: wss:");
    } finally {
      await t.close();
    }
  });
});
