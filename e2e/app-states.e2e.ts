import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, keepSettledScreenshot, launchBrowser, newPhone } from './support/browser';
import { apiCall, PASSWORD, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, openBtcOrder } from './support/trading-setup';

// The customer app's states on a phone at 390x844: a dead stored
// session on a login-only page, trading while prices are paused, the first visit's language, and
// the demo account always named and one tap away from the real one.
let server: RunningServer;
let browser: Browser;
let contexts: BrowserContext[] = [];
let emails = 0;

const newEmail = () => {
  emails += 1;
  return `states-${process.pid}-${Date.now()}-${emails}@example.com`;
};

async function phone(locale = 'en-US'): Promise<BrowserContext> {
  const context = await newPhone(browser, server.url, locale);
  contexts.push(context);
  return context;
}

/** A phone whose browser prefers `languages` (navigator.languages), before any script of the page. */
async function phonePreferring(languages: string[]): Promise<Page> {
  const context = await phone(languages[0]);
  await context.addInitScript((preferred) => {
    Object.defineProperty(Navigator.prototype, 'languages', { get: () => preferred, configurable: true });
  }, languages);
  return context.newPage();
}

const storedToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('meridian.user') ?? 'null')?.state?.token ?? null);

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  if (!server.app.server.listening) await server.startListener();
  for (const context of contexts) await context.close();
  contexts = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('a dead stored session on a login-only page (item 4)', () => {
  it('goes to /login?from= on every login-only page, and back to the page after login', async () => {
    const email = newEmail();
    const registered = await registerByEmail(server, email);
    // The session is revoked on the server while the phone still holds its token.
    expect((await apiCall(server, 'POST', '/api/user/logout', {}, registered.token)).code).toBe(1);
    const context = await phone();
    const page = await signIn(context, registered);
    for (const wanted of ['/user', '/copy', '/mine/records?tab=withdraw', '/mine/wallet', '/order']) {
      // The dead token stored again, as the phone kept it.
      await page.evaluate(
        (stored) => {
          localStorage.setItem('meridian.user', JSON.stringify({ state: stored, version: 1 }));
        },
        { token: registered.token, user: registered.user },
      );
      await page.goto(wanted);
      await page.waitForURL((url) => url.pathname === '/login', { timeout: 20_000 });
      expect(new URL(page.url()).searchParams.get('from'), wanted).toBe(wanted);
      await expect.poll(() => storedToken(page)).toBeNull();
    }
    await page.locator('input[type=email]').waitFor();
    // One message, not one per call that met the dead session.
    expect(await page.locator('.adm-toast-main').count()).toBeLessThanOrEqual(1);
    await keepScreenshot(page, 'app-states-dead-session-login');

    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill(PASSWORD);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/order');
    await page.locator('.order-list').first().waitFor();
    expect(await storedToken(page)).not.toBeNull();
    await keepScreenshot(page, 'app-states-dead-session-back');
  });
});

describe('no trading on paused prices (item 7)', () => {
  const PAUSED = 'Prices are paused. Trading resumes when live prices are back.';
  const BUY = '.order-action.side-buy';
  const SELL = '.order-action.side-sell';
  const SUBMIT = '.order-sheet .order-submit, .adm-popup .order-submit';

  it('disables Buy/Sell and the ticket with the reason while the socket is lost, and enables them again', async () => {
    const session = await freshDemo(server, 'states-paused-trade');
    const page = await signIn(await phone(), session);
    await page.goto('/trade?code=BTCUSDT&period=1M');
    await page.locator('.live-status.is-live').waitFor();
    await expect.poll(() => page.locator(BUY).isEnabled()).toBe(true);
    await page.locator(BUY).click();
    await page.locator(SUBMIT).first().waitFor();
    await expect.poll(() => page.locator(SUBMIT).first().isEnabled()).toBe(true);

    await server.stopListener();
    await expect.poll(() => page.locator(SUBMIT).first().isEnabled(), { timeout: 10_000 }).toBe(false);
    expect(await page.locator('.order-form [data-testid=trading-paused]').textContent()).toBe(PAUSED);
    await keepScreenshot(page, 'app-states-paused-ticket');
    // Behind the sheet, the bar's buttons are disabled, saying why.
    expect(await page.locator(BUY).isEnabled()).toBe(false);
    expect(await page.locator(SELL).isEnabled()).toBe(false);
    expect(await page.locator('.order-action-bar [data-testid=trading-paused]').textContent()).toBe(PAUSED);

    await server.startListener();
    await expect.poll(() => page.locator(SUBMIT).first().isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('[data-testid=trading-paused]').count()).toBe(0);
    expect(await page.locator(BUY).isEnabled()).toBe(true);
    expect(await page.locator(SELL).isEnabled()).toBe(true);
  });

  it("disables a position's close and stops with the reason, and enables them again", async () => {
    const session = await freshDemo(server, 'states-paused-order');
    await openBtcOrder(server, session);
    const page = await signIn(await phone(), session);
    await page.goto('/order');
    const row = '.order-list[data-tab=holding] .order-row';
    const close = `${row} [data-action=close]`;
    const stops = `${row} [data-action=stops]`;
    await page.locator(close).first().waitFor();
    await expect.poll(() => page.locator(close).first().isEnabled()).toBe(true);

    await server.stopListener();
    await expect.poll(() => page.locator(close).first().isEnabled(), { timeout: 10_000 }).toBe(false);
    expect(await page.locator(stops).first().isEnabled()).toBe(false);
    expect(await page.locator('.order-center [data-testid=trading-paused]').textContent()).toBe(PAUSED);
    await keepScreenshot(page, 'app-states-paused-orders');

    await server.startListener();
    await expect.poll(() => page.locator(close).first().isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await page.locator(stops).first().isEnabled()).toBe(true);
    expect(await page.locator('[data-testid=trading-paused]').count()).toBe(0);
  });
});

describe("the first visit's language (item 8)", () => {
  it("follows the browser's languages from the first paint, and an explicit choice wins afterwards", async () => {
    const page = await phonePreferring(['de-DE', 'de']);
    await page.goto('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('de');
    await page.locator('.adm-tab-bar').waitFor();
    expect(await page.locator('.adm-tab-bar').innerText()).toContain('Handeln');
    await keepScreenshot(page, 'app-states-first-visit-de');

    // Chosen on the language page: remembered over the browser's languages.
    await page.evaluate(() =>
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: 'ar' }, version: 1 })),
    );
    await page.goto('/');
    await page.locator('.adm-tab-bar').waitFor();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
      'ar',
      'rtl',
    ]);
  });

  it('starts an Arabic browser right to left before the app is drawn', async () => {
    const page = await phonePreferring(['ar-EG']);
    // The boot script's work, before the app's own scripts run.
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await page.locator('.adm-tab-bar').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
  });

  it('gives a browser in none of the 15 languages the default, Traditional Chinese', async () => {
    const page = await phonePreferring(['xx']);
    await page.goto('/');
    await page.locator('.adm-tab-bar').waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-HK');
    expect(await page.locator('.adm-tab-bar').innerText()).toContain('交易');
  });
});

describe('demo or real, always visible (item 9)', () => {
  it('switches a real customer to their demo account and back without signing out, the badge saying which', async () => {
    const email = newEmail();
    const real: SessionData = await registerByEmail(server, email);
    const page = await signIn(await phone(), real);
    await page.goto('/trade?code=BTCUSDT&period=1M');
    await page.locator('.order-action-bar').waitFor();
    expect(await page.locator('[data-testid=demo-badge]').count()).toBe(0);

    await page.goto('/user');
    const switchButton = page.locator('[data-testid=account-switch]');
    expect(await switchButton.innerText()).toBe('Switch to demo account');
    await switchButton.click();
    await expect.poll(() => switchButton.innerText()).toBe('Back to real account');
    await expect.poll(() => page.locator('.account-card').innerText()).toContain('Demo account');
    await expect.poll(() => page.locator('.balance-card').innerText()).toContain('100,000');
    await keepSettledScreenshot(page, 'app-states-demo-user');

    await page.goto('/trade?code=BTCUSDT&period=1M');
    await page.locator('[data-testid=demo-badge]').waitFor();
    expect(await page.locator('[data-testid=demo-badge]').innerText()).toBe('Demo');
    await keepScreenshot(page, 'app-states-demo-trade');
    await page.goto('/order');
    await page.locator('[data-testid=demo-badge]').waitFor();
    await keepScreenshot(page, 'app-states-demo-order');

    await page.goto('/user');
    await page.locator('[data-testid=account-switch]').click();
    await expect.poll(() => page.locator('.account-card').innerText()).toContain(email);
    expect(await page.locator('[data-testid=account-switch]').innerText()).toBe('Switch to demo account');
    await page.goto('/order');
    await page.locator('.order-list').first().waitFor();
    expect(await page.locator('[data-testid=demo-badge]').count()).toBe(0);
    // Never signed out: the real token is the one it started with.
    expect(await storedToken(page)).toBe(real.token);
    await keepScreenshot(page, 'app-states-real-order');
  });
});
