import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Clock } from '../apps/server/src/clock';
import { type FixPeer, startFixPeer } from '../apps/server/test/fix-peer';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// Prices paused on a real feed: the whole server runs on PRICE_FEED=fix against a scripted
// FIX 4.4 provider on the loopback. A phone on EUR/USD's trade page shows the provider's bid and ask;
// when the provider goes silent for the instrument, the page says "Prices paused" (the order bar's
// note, the header's tag, the chart's notice) with the buttons disabled, moving nothing; when it
// quotes again, prices and buttons come back. The stale time is 2 s (feed_stale_seconds) and every
// step waits for the page's state, never for a time. The server's clock is moved to a Wednesday noon
// (forex open), so the test holds on any day, a Saturday run included (README "Tests that hold at
// any market"); the browser keeps its own clock.
const CREDENTIALS = { username: 'meridian', password: 'fix-e2e-password' };
const STALE_SECONDS = 2;
const EN_NOTE =
  'Prices paused: waiting for prices from the provider. Orders can be placed when they are back.';
const AR_NOTE = 'الأسعار متوقفة مؤقتًا: بانتظار الأسعار من المزوّد. يمكن تقديم الأوامر عند عودتها.';

let peer: FixPeer;
let server: RunningServer;
let browser: Browser;
let contexts: BrowserContext[] = [];

/** The real clock moved back (or on) to this week's Wednesday 12:00 UTC, running at its pace from there. */
function wednesdayNoon(): Clock {
  const now = new Date();
  const sinceWednesday = (now.getUTCDay() + 4) % 7;
  const wednesday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - sinceWednesday, 12);
  const offset = wednesday - now.getTime();
  return { now: () => new Date(Date.now() + offset) };
}

/** Sums the page's layout shifts (Cumulative Layout Shift), to show that a pause moves nothing. */
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

const layoutShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { layoutShifts: { total: number } }).layoutShifts.total);

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

/** The order bar's two buttons: whether each can be pressed, and the price it shows. */
async function orderButtons(page: Page): Promise<Array<{ enabled: boolean; price: string }>> {
  return page.locator('.order-action').evaluateAll((buttons) =>
    (buttons as HTMLButtonElement[]).map((button) => ({
      enabled: !button.disabled,
      price: button.querySelector('.order-action-price')?.textContent ?? '',
    })),
  );
}

/** Where the parts that must not move are: the order buttons, the chart's canvas, the header. */
async function boxes(page: Page): Promise<unknown[]> {
  return Promise.all(
    ['.order-action-buttons', '.kline-canvas-frame', '.instrument-header'].map((selector) =>
      page.locator(selector).boundingBox(),
    ),
  );
}

/** The provider quotes EURUSD at `bid`/`ask` and keeps repeating it, as a live provider does. */
async function quote(bid: string, ask: string): Promise<void> {
  await expect.poll(() => peer.subscriptions()).toContain('EURUSD');
  peer.setQuote('EURUSD', bid, ask);
  peer.autoQuote('EURUSD', 200);
}

beforeAll(async () => {
  peer = await startFixPeer(CREDENTIALS);
  server = await startServer({
    clock: wednesdayNoon(),
    market: { backfill: false },
    env: {
      PRICE_FEED: 'fix',
      FIX_HOST: '127.0.0.1',
      FIX_PORT: String(peer.port),
      FIX_SENDER_COMP_ID: 'MERIDIAN',
      FIX_TARGET_COMP_ID: 'LP',
      FIX_USERNAME: CREDENTIALS.username,
      FIX_PASSWORD: CREDENTIALS.password,
    },
  });
  // The setting as staff would set it; the market reads it again with the instruments' terms.
  await server.database.db.execute(
    sql`insert into settings (key, value) values ('feed_stale_seconds', ${String(STALE_SECONDS)})
        on conflict (key) do update set value = excluded.value`,
  );
  await server.app.market.refreshTerms();
  expect(server.app.market.feedTuning().staleMs).toBe(STALE_SECONDS * 1000);
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await peer?.close();
});

describe('prices paused on a FIX feed, on a phone', () => {
  it("shows the provider's bid and ask, pauses when it goes silent, and trades again when it quotes", async () => {
    await quote('1.08500', '1.08520');
    const page = await phoneIn('en');
    await page.goto('/trade?code=EURUSD&period=1M');
    await expect
      .poll(() => orderButtons(page))
      .toEqual([
        { enabled: true, price: '1.08500' },
        { enabled: true, price: '1.08520' },
      ]);
    await expect.poll(() => page.locator('.instrument-header-price').textContent()).toBe('1.08510');
    expect(await page.locator('[data-testid=prices-paused]').count()).toBe(0);
    await page.locator('.kline-canvas canvas').first().waitFor();
    await keepScreenshot(page, 'prices-paused-trade-live-en');
    const shiftBefore = await layoutShift(page);
    const placesBefore = await boxes(page);

    peer.silence('EURUSD');
    const note = page.locator('[data-testid=prices-paused-note]');
    await note.waitFor();
    expect(await note.textContent()).toBe(EN_NOTE);
    expect(await orderButtons(page)).toEqual([
      { enabled: false, price: '1.08500' },
      { enabled: false, price: '1.08520' },
    ]);
    expect(await page.locator('.instrument-header [data-testid=market-status-tag]').textContent()).toBe(
      'Prices paused',
    );
    const banner = page.locator('[data-testid=prices-paused]');
    await banner.waitFor();
    expect(await banner.innerText()).toBe('Prices paused\nWaiting for prices from the provider.');
    expect(await page.getByText('Market closed', { exact: false }).count()).toBe(0);
    // Nothing moved: the notes float over the page.
    expect((await layoutShift(page)) - shiftBefore).toBeLessThan(0.001);
    expect(await boxes(page)).toEqual(placesBefore);
    await keepScreenshot(page, 'prices-paused-trade-paused-en');

    // Back at the same prices (a new price can rewrap the header's day range, which is not the pause's doing).
    await quote('1.08500', '1.08520');
    await expect
      .poll(() => orderButtons(page))
      .toEqual([
        { enabled: true, price: '1.08500' },
        { enabled: true, price: '1.08520' },
      ]);
    await note.waitFor({ state: 'detached' });
    await banner.waitFor({ state: 'detached' });
    expect(await page.locator('.instrument-header [data-testid=market-status-tag]').count()).toBe(0);
    expect((await layoutShift(page)) - shiftBefore).toBeLessThan(0.001);
    expect(await boxes(page)).toEqual(placesBefore);

    // And the provider's next prices reach the buttons.
    await quote('1.08600', '1.08620');
    await expect
      .poll(() => orderButtons(page))
      .toEqual([
        { enabled: true, price: '1.08600' },
        { enabled: true, price: '1.08620' },
      ]);
  });

  it('tags the list: the quoted instrument is open, those the provider leaves silent are paused', async () => {
    await quote('1.08600', '1.08620');
    const page = await phoneIn('en');
    await page.goto('/');
    const tag = (code: string) =>
      page.locator(`.instrument-row[data-code="${code}"] [data-testid=market-status-tag]`);
    await tag('GBPUSD').waitFor();
    expect(await tag('GBPUSD').textContent()).toBe('Prices paused');
    await expect.poll(() => tag('EURUSD').count()).toBe(0);
    await keepScreenshot(page, 'prices-paused-home-en');
  });

  it('says so in Arabic, right to left', async () => {
    await quote('1.08600', '1.08620');
    const page = await phoneIn('ar');
    await page.goto('/trade?code=EURUSD&period=1M');
    await expect
      .poll(async () => (await orderButtons(page)).map((button) => button.enabled))
      .toEqual([true, true]);
    peer.silence('EURUSD');
    const note = page.locator('[data-testid=prices-paused-note]');
    await note.waitFor();
    expect(await note.textContent()).toBe(AR_NOTE);
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    expect(await orderButtons(page)).toEqual([
      { enabled: false, price: '1.08600' },
      { enabled: false, price: '1.08620' },
    ]);
    await page.locator('[data-testid=prices-paused]').waitFor();
    await keepScreenshot(page, 'prices-paused-trade-paused-ar');
    await quote('1.08600', '1.08620');
    await expect
      .poll(async () => (await orderButtons(page)).map((button) => button.enabled))
      .toEqual([true, true]);
  });
});
