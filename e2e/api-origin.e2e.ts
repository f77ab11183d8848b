import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { PASSWORD, registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The app on its own origin, the API on another (spec section 7's api host). The
// web app is built for an API at http://localhost:<api port> and served by a second server on
// another port; the API allows that page's origin (CORS_ORIGINS). A customer signs in, watches live
// quotes and sees the instruments' logos, every call and the socket going to the API's origin; a
// page of an origin the API does not list gets nothing from it.

const WEB_DIR = fileURLToPath(new URL('../apps/web/', import.meta.url));
const VITE = fileURLToPath(new URL('../node_modules/.bin/vite', import.meta.url));

let api: RunningServer;
let web: RunningServer;
let browser: Browser;
let builtDir: string;
let apiOrigin: string;
let webOrigin: string;
const phones: BrowserContext[] = [];

/** A port free now, for a server whose address another's settings must name before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

beforeAll(async () => {
  const [apiPort, webPort] = [await freePort(), await freePort()];
  apiOrigin = `http://localhost:${apiPort}`;
  webOrigin = `http://localhost:${webPort}`;
  builtDir = await mkdtemp(path.join(tmpdir(), 'meridian-web-other-origin-'));
  await promisify(execFile)(VITE, ['build', '--outDir', builtDir, '--emptyOutDir', '--logLevel', 'error'], {
    cwd: WEB_DIR,
    env: { ...process.env, VITE_API_ORIGIN: apiOrigin },
  });
  api = await startServer({
    port: apiPort,
    env: { CORS_ORIGINS: webOrigin },
    market: { backfill: { minuteDays: 1, dayDays: 30 } },
  });
  web = await startServer({
    port: webPort,
    webDistDir: builtDir,
    market: { autoStart: false, backfill: false },
  });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const phone of phones.splice(0)) await phone.close();
});

afterAll(async () => {
  await browser?.close();
  await web?.stop();
  await api?.stop();
  if (builtDir) await rm(builtDir, { recursive: true, force: true });
});

/** A phone on `origin`, in English, noting every request, socket and console error of its page. */
async function phoneOn(origin: string) {
  const phone = await newPhone(browser, origin);
  phones.push(phone);
  const page = await phone.newPage();
  const requests: string[] = [];
  const sockets: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('meridian.language', JSON.stringify({ state: { language: 'en' }, version: 1 })),
  );
  return { page, requests, sockets, errors };
}

const BTC_ROW = '.instrument-row[data-code="BTCUSDT"]';

async function expectMoving(page: Page, selector: string): Promise<void> {
  const first = await page.locator(selector).textContent();
  await expect
    .poll(() => page.locator(selector).textContent(), { timeout: 15_000, interval: 100 })
    .not.toBe(first);
}

describe('the app on one origin, its API on another', () => {
  it('signs in, shows live quotes and logos, every call and the socket on the API origin', async () => {
    const email = `e2e.origin.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`;
    await registerByEmail(api, email);
    const { page, requests, sockets, errors } = await phoneOn(webOrigin);

    await page.goto('/login');
    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname !== '/login');
    const stored = await page.evaluate(() => localStorage.getItem('meridian.user'));
    expect(JSON.parse(stored ?? '{}').state?.token).toEqual(expect.any(String));

    await page.goto('/');
    await page.locator(`${BTC_ROW} [data-testid=price]`).waitFor();
    await expectMoving(page, `${BTC_ROW} [data-testid=price]`);
    const logo = page.locator(`${BTC_ROW} img.instrument-logo`);
    await expect.poll(() => logo.getAttribute('src')).toMatch(new RegExp(`^${apiOrigin}/`));
    await expect
      .poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);

    // The personal center reads the signed-in customer from the API.
    await page.goto('/user');
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'api-origin-user');
    await page.goto('/');
    await page.locator(`${BTC_ROW} [data-testid=price]`).waitFor();
    await keepScreenshot(page, 'api-origin-home');

    const calls = requests.filter((url) => /\/(v1\/)?api\//.test(new URL(url).pathname));
    expect(calls.length).toBeGreaterThan(3);
    expect(calls.filter((url) => !url.startsWith(`${apiOrigin}/`))).toEqual([]);
    expect(sockets.length).toBeGreaterThan(0);
    expect(sockets.every((url) => url.startsWith(`ws://localhost:${new URL(apiOrigin).port}/v1/ws`))).toBe(
      true,
    );
    // No call refused by CORS, no source refused by the page's policy.
    expect(errors.filter((text) => /CORS|Content Security Policy|Cross-Origin/i.test(text))).toEqual([]);
  });

  it('gives a page of an origin the API does not list nothing: no answer, no socket', async () => {
    // The same build and server, reached as 127.0.0.1: another origin, not in CORS_ORIGINS.
    const stranger = `http://127.0.0.1:${new URL(webOrigin).port}`;
    const { page, errors } = await phoneOn(stranger);
    const read = await page.evaluate(async (origin) => {
      try {
        const response = await fetch(`${origin}/v1/api/forex/categories?t=1`, { headers: { lang: 'en' } });
        return `read ${response.status}`;
      } catch {
        return 'refused';
      }
    }, apiOrigin);
    expect(read).toBe('refused');
    const socket = await page.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const opened = new WebSocket(url);
          opened.onopen = () => resolve('open');
          opened.onerror = () => resolve('refused');
        }),
      `ws://localhost:${new URL(apiOrigin).port}/v1/ws?lang=en`,
    );
    expect(socket).toBe('refused');
    expect(errors.some((text) => /CORS/i.test(text))).toBe(true);
    // Still reachable from the allowed origin.
    const allowed = await phoneOn(webOrigin);
    const readAllowed = await allowed.page.evaluate(async (origin) => {
      const response = await fetch(`${origin}/v1/api/forex/categories?t=1`, { headers: { lang: 'en' } });
      return (await response.json()).code;
    }, apiOrigin);
    expect(readAllowed).toBe(1);
  });
});
