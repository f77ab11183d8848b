import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { type RunningServer, startServer } from './support/server';
import { visitorPage } from './support/trading-setup';

// The market at a phone's size, against the real server with its simulated feed running: prices
// move on the home page, a tapped instrument opens its live chart, the period bar reloads it, and
// the selector drawer switches instruments. Crypto trades every day, so the live checks use
// BTC/USDT (forex is closed at weekends). Each test opens its own phone (a browser context of its
// own) at the screen it starts from: it holds alone and in any order.
let server: RunningServer;
let browser: Browser;
/** This test's phone and its page. */
let phone: BrowserContext;
let page: Page;
/** Every socket message this test's page sent, parsed. */
let sentFrames: { type?: string; params?: { topic?: string } }[] = [];
/** Every kline request this test's page made. */
let klineRequests: URL[] = [];

const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';

const BTC_ROW = '.instrument-row[data-code="BTCUSDT"]';
const LEGEND_CLOSE = '[data-testid=chart-legend] [data-field=close] dd';
const LEGEND_TIME = '[data-testid=chart-legend] .chart-legend-time';
/** Up and down candle colours of the chart (features/chart/utils/chart-colors.ts). */
const CANDLE_COLOURS: readonly (readonly [number, number, number])[] = [
  [4, 120, 87],
  [200, 41, 47],
];

/** Pixels of the chart's canvases in the candle colours: more than a few means candles are drawn. */
async function candlePixels(target: Page): Promise<number> {
  return target.locator('.kline-canvas').evaluate((frame, colours) => {
    let count = 0;
    for (const canvas of frame.querySelectorAll('canvas')) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let index = 0; index < data.length; index += 4) {
        const [red, green, blue, alpha] = [data[index], data[index + 1], data[index + 2], data[index + 3]];
        if (alpha !== 255) continue;
        if (colours.some(([r, g, b]) => r === red && g === green && b === blue)) count += 1;
      }
    }
    return count;
  }, CANDLE_COLOURS);
}

/** Waits until the drawer has slid in (its animation is script-driven, so poll its position). */
async function settled(target: Page, selector: string): Promise<void> {
  let last = Number.NaN;
  await expect
    .poll(async () => {
      const top = (await target.locator(selector).boundingBox())?.y ?? Number.NaN;
      const still = top === last;
      last = top;
      return still;
    })
    .toBe(true);
}

function topicsSent(type: 'sub' | 'unsub'): string[] {
  return sentFrames.filter((frame) => frame.type === type).map((frame) => frame.params?.topic ?? '');
}

/**
 * BTC/USDT's minute chart, opened at its address, drawn with its live legend: the screen the
 * chart tests start from. The pointer is away from the chart, so the legend shows the latest candle.
 */
async function openBtcChart(): Promise<void> {
  await page.goto(TRADE_PATH);
  await page.mouse.move(1, 1);
  await page.locator(LEGEND_CLOSE).waitFor();
  await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);
  const btcId = klineRequests.at(-1)?.searchParams.get('forex_id');
  await expect.poll(() => topicsSent('sub')).toContain(`kline.${btcId}.1M`);
}

beforeAll(async () => {
  // A day of minutes and a month of days is history enough, and keeps the start to seconds.
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

beforeEach(async () => {
  sentFrames = [];
  klineRequests = [];
  phone = await newPhone(browser, server.url);
  page = await visitorPage(phone);
  page.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      try {
        sentFrames.push(JSON.parse(String(payload)));
      } catch {
        // Only JSON frames are of interest here.
      }
    });
  });
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/v1/api/forex/kline') klineRequests.push(url);
  });
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the market in the browser', () => {
  it('shows the instruments and moves their prices on screen within a few seconds', async () => {
    await page.goto('/');
    const price = page.locator(`${BTC_ROW} [data-testid=price]`);
    await price.waitFor();
    expect(await page.locator('.instrument-row').count()).toBeGreaterThanOrEqual(24);
    await expect.poll(() => page.locator('.category-chip').count()).toBeGreaterThanOrEqual(6);
    expect(await page.locator(`${BTC_ROW} .instrument-logo`).getAttribute('src')).toMatch(
      /\/logo\/BTCUSDT\.svg/,
    );
    expect(await page.locator(`${BTC_ROW} .sparkline path`).count()).toBe(2);

    const first = await price.textContent();
    expect(first).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect.poll(() => price.textContent(), { timeout: 10_000, interval: 200 }).not.toBe(first);
    expect(topicsSent('sub')).toContain('market.day');
    await keepScreenshot(page, 'market-home');
  });

  it('opens the chart of a tapped instrument, with candles and a live OHLC legend', async () => {
    await page.goto('/');
    await page.locator(BTC_ROW).click();
    await page.waitForURL((url) => url.pathname === '/trade' && url.searchParams.get('period') === '1M');
    // The emulated pointer stays where the row was tapped, which is now over the chart: take it
    // away, so the legend shows the latest candle rather than the one under a crosshair.
    await page.mouse.move(1, 1);
    expect(new URL(page.url()).searchParams.get('code')).toBe('BTCUSDT');
    expect(new URL(page.url()).searchParams.get('period')).toBe('1M');
    await expect.poll(() => page.locator('.instrument-header-name').textContent()).toContain('BTC/USDT');

    const close = page.locator(LEGEND_CLOSE);
    await close.waitFor();
    for (const field of ['open', 'high', 'low', 'close']) {
      const value = await page.locator(`[data-testid=chart-legend] [data-field=${field}] dd`).textContent();
      expect(value, field).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    }
    await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);
    const btcId = klineRequests.at(-1)?.searchParams.get('forex_id');
    expect(topicsSent('sub')).toContain(`kline.${btcId}.1M`);
    expect(await page.locator('.live-status.is-live').count()).toBe(1);

    // The candle in progress moves with the kline topic.
    const before = await close.textContent();
    await expect.poll(() => close.textContent(), { timeout: 10_000, interval: 200 }).not.toBe(before);
    await keepScreenshot(page, 'market-trade');
  });

  it('loads older candles as the chart is dragged back in time', async () => {
    await openBtcChart();
    const btcId = klineRequests.at(-1)?.searchParams.get('forex_id');
    const older = page.waitForResponse((response) => {
      const url = new URL(response.url());
      return url.pathname === '/v1/api/forex/kline' && url.searchParams.has('before');
    });
    const box = await page.locator('.kline-canvas').boundingBox();
    if (!box) throw new Error('the chart is not on screen');
    // Dragging right brings earlier candles into view: 300 minutes of 6 px, a phone shows about 55.
    for (let drag = 0; drag < 6; drag += 1) {
      await page.mouse.move(box.x + 30, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    }
    const response = await older;
    const url = new URL(response.url());
    expect(url.searchParams.get('forex_id')).toBe(btcId);
    expect(url.searchParams.get('period')).toBe('1M');
    const page1 = (await response.json()) as { code: number; data: { Time: number }[] };
    expect(page1.code).toBe(1);
    expect(page1.data.length).toBeGreaterThan(100);
    expect(Math.max(...page1.data.map((candle) => candle.Time))).toBeLessThan(
      Number(url.searchParams.get('before')),
    );
    // The view stays where it was; dragging on brings the older candles in, and the legend reads
    // one of them under the crosshair at the left edge (times as the browser's clock shows them).
    for (let drag = 0; drag < 2; drag += 1) {
      await page.mouse.move(box.x + 30, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width - 30, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
    }
    const pageTimes = await page.evaluate(
      (times) =>
        times.map((time) => {
          const date = new Date(time * 1000);
          return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
        }),
      page1.data.map((candle) => candle.Time),
    );
    await page.mouse.move(box.x + 40, box.y + box.height / 2);
    await expect
      .poll(async () => pageTimes.includes(String(await page.locator(LEGEND_TIME).textContent()).slice(-5)))
      .toBe(true);
    await keepScreenshot(page, 'market-trade-older');
  });

  it('reloads the chart when the period changes', async () => {
    await openBtcChart();
    const requestsBefore = klineRequests.length;
    const btcId = klineRequests.at(-1)?.searchParams.get('forex_id');
    await page.locator('.period-button[data-period="1H"]').click();

    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('1H');
    await expect
      .poll(() => klineRequests.slice(requestsBefore).map((url) => url.searchParams.get('period')))
      .toContain('1H');
    // An hourly candle starts on the hour.
    await expect.poll(() => page.locator(LEGEND_TIME).textContent()).toMatch(/:00$/);
    await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);
    await expect.poll(() => topicsSent('sub')).toContain(`kline.${btcId}.1H`);
    expect(topicsSent('unsub')).toContain(`kline.${btcId}.1M`);
    await keepScreenshot(page, 'market-trade-1h');

    await page.locator('.period-button[data-period="1D"]').click();
    await expect.poll(() => klineRequests.at(-1)?.searchParams.get('period')).toBe('1D');
    // A daily candle shows its date only.
    await expect.poll(() => page.locator(LEGEND_TIME).textContent()).not.toMatch(/:/);
  });

  it('switches the instrument from the selector drawer', async () => {
    // The daily chart, chosen on the period bar.
    await openBtcChart();
    await page.locator('.period-button[data-period="1D"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('1D');
    await expect.poll(() => page.locator(LEGEND_TIME).textContent()).not.toMatch(/:/);
    await page.locator('.instrument-header-pick').click();
    const drawer = page.getByRole('dialog', { name: 'Choose an instrument' });
    await drawer.waitFor();
    await page.locator('.instrument-selector input').fill('eth');
    await expect.poll(() => drawer.locator('.instrument-row').count()).toBe(1);
    await settled(page, '.instrument-selector-body');
    await keepScreenshot(page, 'market-drawer');

    await drawer.locator('.instrument-row[data-code="ETHUSDT"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('code')).toBe('ETHUSDT');
    await expect.poll(() => page.locator('.instrument-header-name').textContent()).toContain('ETH/USDT');
    // The period chosen before is kept.
    expect(new URL(page.url()).searchParams.get('period')).toBe('1D');
    await expect.poll(() => candlePixels(page)).toBeGreaterThan(200);
  });
});
