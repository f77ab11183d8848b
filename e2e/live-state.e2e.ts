import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, openBtcOrder } from './support/trading-setup';

// Live state you can trust: the server goes away and comes back while a customer looks
// at live prices on a phone. The page says within a few seconds that its prices are paused (and
// dims them, moving nothing), and once the server is back the prices move again within 3 s and
// the notice goes: on home, /trade, the order page's positions (their live profit) and the desktop
// terminal. Crypto trades every day, so the checks use BTC/USDT. Each test opens its own phone or
// window (a browser context of its own, closed after it) and its own customer, and
// waits for what the page does (its reconnect tries, the drawer coming to rest), never for a time.
let server: RunningServer;
let browser: Browser;
let contexts: BrowserContext[] = [];

const BTC_ROW = '.instrument-row[data-code="BTCUSDT"]';
const BTC_PRICE = `${BTC_ROW} [data-testid=price]`;
const HEADER_PRICE = '.instrument-header-price';
const NOTICE = '[data-testid=live-state]';
const PILL = '.live-state-pill';
const EN_RECONNECTING = 'Prices paused · reconnecting…';
const AR_RECONNECTING = 'الأسعار متوقفة مؤقتًا · جارٍ إعادة الاتصال…';

/** Sums the layout shifts the pages of `context` make (Cumulative Layout Shift), to show the notice moves nothing. */
async function watchLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts = { total: 0 };
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        hadRecentInput: boolean;
      })[]) {
        if (!entry.hadRecentInput) shifts.total += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

async function phoneIn(language: string): Promise<Page> {
  const context = await newPhone(browser, server.url);
  contexts.push(context);
  await watchLayoutShifts(context);
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(
    (value) =>
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: value }, version: 1 })),
    language,
  );
  return page;
}

/** A new demo customer holding a BTC/USDT position opened over HTTP, as the trade page sends it. */
async function customerWithPosition(label: string): Promise<SessionData> {
  const session = await freshDemo(server, label);
  await openBtcOrder(server, session);
  return session;
}

/** Counts the sockets the page opens from now on: each is a try to reach the server. */
function socketTries(page: Page): () => number {
  let tries = 0;
  page.on('websocket', () => {
    tries += 1;
  });
  return () => tries;
}

/** Waits until the element at `selector` stops moving (a drawer's slide is script-driven). */
async function settled(page: Page, selector: string): Promise<void> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const top = (await page.locator(selector).boundingBox())?.y ?? Number.NaN;
      const still = top === last;
      last = top;
      return still;
    })
    .toBe(true);
}

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

/**
 * Starts watching the price at `selector` (the start is taken now, on the page's clock); the
 * function returned resolves to the milliseconds until it moved, or -1 after 10 s without a move.
 */
async function watchForMove(page: Page, selector: string): Promise<() => Promise<number>> {
  await page.evaluate((target) => {
    const element = document.querySelector(target);
    if (!element) throw new Error(`no ${target}`);
    const first = element.textContent;
    const start = performance.now();
    // Kept on the page, not awaited here: the page resolves it once the server is back.
    (window as unknown as { priceMoved: Promise<number> }).priceMoved = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (element.textContent === first) return;
        observer.disconnect();
        resolve(performance.now() - start);
      });
      observer.observe(element, { characterData: true, childList: true, subtree: true });
      setTimeout(() => resolve(-1), 10_000);
    });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { priceMoved: Promise<number> }).priceMoved);
}

/** The price keeps moving while the server is up: it is live. */
async function expectMoving(page: Page, selector: string): Promise<void> {
  const first = await page.locator(selector).textContent();
  await expect
    .poll(() => page.locator(selector).textContent(), { timeout: 10_000, interval: 100 })
    .not.toBe(first);
}

const opacity = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => Number(getComputedStyle(element).opacity));

/**
 * Stops the server and checks the page says so within a few seconds, with its prices dimmed and
 * nothing moved (`block` holds the price and must stay where it was).
 */
async function expectStaleWhenDown(page: Page, selector: string, block: string, text: string): Promise<void> {
  expect(await page.locator(NOTICE).textContent()).toBe('');
  expect(await page.locator(NOTICE).getAttribute('role')).toBe('status');
  expect(await page.locator(NOTICE).getAttribute('aria-live')).toBe('polite');
  const boxBefore = await page.locator(block).first().boundingBox();
  const shiftBefore = await layoutShift(page);
  const stoppedAt = Date.now();
  await server.stopListener();
  await expect.poll(() => page.locator(NOTICE).textContent(), { timeout: 5_000, interval: 100 }).toBe(text);
  expect(Date.now() - stoppedAt).toBeLessThan(5_000);
  expect(await page.locator(PILL).isVisible()).toBe(true);
  // Dimmed (the fade takes a moment).
  await expect.poll(() => opacity(page, selector), { timeout: 1_000 }).toBeLessThan(0.6);
  // The notice floats: nothing on the page moved when it came.
  expect(await page.locator(block).first().boundingBox()).toEqual(boxBefore);
  expect((await layoutShift(page)) - shiftBefore).toBeLessThan(0.001);
}

/** Starts the server again: the price moves within 3 s, the notice goes and the prices are bright. */
async function expectLiveWhenBack(page: Page, selector: string): Promise<void> {
  const moved = await watchForMove(page, selector);
  await server.startListener();
  const elapsed = await moved();
  expect(elapsed).toBeGreaterThan(0);
  expect(elapsed).toBeLessThanOrEqual(3_000);
  await expect.poll(() => page.locator(NOTICE).textContent(), { timeout: 1_000, interval: 50 }).toBe('');
  await expect.poll(() => opacity(page, selector), { timeout: 1_000 }).toBe(1);
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  // A test that failed while the server was away must not leave the next one without it.
  if (!server.app.server.listening) await server.startListener();
  for (const context of contexts) await context.close();
  contexts = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('live prices when the server goes away and comes back', () => {
  it('home says its prices are paused, and is live again within 3 s of the server', async () => {
    const page = await phoneIn('en');
    await page.goto('/');
    await page.locator(BTC_PRICE).waitFor();
    await expectMoving(page, BTC_PRICE);

    await expectStaleWhenDown(page, BTC_PRICE, BTC_ROW, EN_RECONNECTING);
    // Still paused after a few failed tries: the notice stays and the price stays still.
    const frozen = await page.locator(BTC_PRICE).textContent();
    const tries = socketTries(page);
    // Three sockets opened since the notice came: at least two of them failed.
    await expect.poll(tries, { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(3);
    expect(await page.locator(NOTICE).textContent()).toBe(EN_RECONNECTING);
    expect(await page.locator(BTC_PRICE).textContent()).toBe(frozen);
    await keepScreenshot(page, 'live-state-home-stale-en');

    await expectLiveWhenBack(page, BTC_PRICE);
    await expectMoving(page, BTC_PRICE);
  });

  it('/trade and its instrument drawer say so too, the chart legend agrees, and all are live again', async () => {
    const page = await phoneIn('en');
    await page.goto('/trade?code=BTCUSDT&period=1M');
    await page.locator(HEADER_PRICE).waitFor();
    await page.locator('.live-status.is-live').waitFor();
    await expectMoving(page, HEADER_PRICE);

    await expectStaleWhenDown(page, HEADER_PRICE, '.instrument-header', EN_RECONNECTING);
    expect(await page.locator('.live-status').textContent()).toBe('Reconnecting…');
    await expect.poll(() => opacity(page, '.order-action-price'), { timeout: 1_000 }).toBeLessThan(0.6);
    await keepScreenshot(page, 'live-state-trade-stale-en');

    // The drawer opens above the page; the notice stays above it, and its prices are dimmed.
    await page.locator('.instrument-header-pick').click();
    await page.locator('.instrument-selector-list [data-testid=price]').first().waitFor();
    expect(await page.locator(PILL).isVisible()).toBe(true);
    await expect
      .poll(() => opacity(page, '.instrument-selector-list [data-testid=price]'), { timeout: 1_000 })
      .toBeLessThan(0.6);
    await settled(page, '.instrument-selector-body');
    await keepScreenshot(page, 'live-state-selector-stale-en');
    await page.locator('.instrument-selector-head .header-button').click();
    await page.locator('.instrument-selector-content').waitFor({ state: 'hidden' });

    await expectLiveWhenBack(page, HEADER_PRICE);
    await page.locator('.live-status.is-live').waitFor({ timeout: 1_000 });
  });

  it('the order page says so over a position, its profit dimmed, and the profit is live again within 3 s', async () => {
    const session = await customerWithPosition('live-state-order-phone');
    const context = await newPhone(browser, server.url);
    contexts.push(context);
    await watchLayoutShifts(context);
    const page = await signIn(context, session);
    await page.goto('/order');
    const row = '.order-list[data-tab=holding] .order-row';
    const profit = `${row} [data-testid=order-profit]`;
    await page.locator(profit).first().waitFor();
    await expectMoving(page, profit);

    await expectStaleWhenDown(page, profit, row, EN_RECONNECTING);
    await expect
      .poll(() => opacity(page, `${row} [data-field=current] .order-figure-value`), { timeout: 1_000 })
      .toBeLessThan(0.6);
    await expect
      .poll(() => opacity(page, '.account-stat[data-field=floating] dd'), { timeout: 1_000 })
      .toBeLessThan(0.6);
    await keepScreenshot(page, 'live-state-order-stale-en');

    await expectLiveWhenBack(page, profit);
    await expectMoving(page, profit);
  });

  it('the desktop terminal at 1440x900 says so over its chart and positions, and is live again within 3 s', async () => {
    const session = await customerWithPosition('live-state-order-desktop');
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1440, height: 900 } });
    contexts.push(context);
    await watchLayoutShifts(context);
    const page = await signIn(context, session);
    await page.goto('/trade?code=BTCUSDT&period=1M');
    await page.locator('.terminal-ticket .order-form').waitFor();
    const profit = '.terminal-orders .order-list[data-tab=holding] [data-testid=order-profit]';
    await page.locator(profit).first().waitFor();
    await expectMoving(page, HEADER_PRICE);

    await expectStaleWhenDown(page, HEADER_PRICE, '.terminal-chart', EN_RECONNECTING);
    await expect.poll(() => opacity(page, profit), { timeout: 1_000 }).toBeLessThan(0.6);
    await expect
      .poll(() => opacity(page, '.terminal-quotes [data-testid=price]'), { timeout: 1_000 })
      .toBeLessThan(0.6);
    // The notice floats at the top, under the navigation, hiding neither the instrument's name nor its price.
    const pill = await page.locator(PILL).boundingBox();
    if (!pill) throw new Error('no notice');
    expect(pill.y).toBeGreaterThanOrEqual(56);
    for (const covered of ['.instrument-header-pick', HEADER_PRICE]) {
      const box = await page.locator(covered).boundingBox();
      if (!box) throw new Error(`no ${covered}`);
      const apart =
        pill.x + pill.width <= box.x ||
        box.x + box.width <= pill.x ||
        pill.y + pill.height <= box.y ||
        box.y + box.height <= pill.y;
      expect(apart).toBe(true);
    }
    await keepScreenshot(page, 'live-state-desktop-stale-en');

    await expectLiveWhenBack(page, HEADER_PRICE);
    await expectMoving(page, profit);
  });

  it('in Arabic the notice reads right to left, and goes when the server is back', async () => {
    const page = await phoneIn('ar');
    await page.goto('/');
    await page.locator(BTC_PRICE).waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expectMoving(page, BTC_PRICE);

    await expectStaleWhenDown(page, BTC_PRICE, BTC_ROW, AR_RECONNECTING);
    // Mirrored: the pulsing dot leads the text, so it sits on the right.
    const pill = await page.locator(PILL).boundingBox();
    const dot = await page.locator('.live-state-dot').boundingBox();
    expect(pill && dot && dot.x > pill.x + pill.width / 2).toBe(true);
    await keepScreenshot(page, 'live-state-home-stale-ar');

    await expectLiveWhenBack(page, BTC_PRICE);
  });
});
