import { randomUUID } from 'node:crypto';
import { PERIOD_LABELS } from '@meridian/contract/periods';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { demoSession, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Next steps everywhere, at a phone's size against the real server: a demo customer
// with no positions is offered a trade, a new real account with nothing in it a deposit, a demo
// customer on a real-only page a real account; and the chart keeps its highest and lowest candles
// (and so their price labels) inside the pane on every period, even after the price axis was
// dragged. Crypto trades every day, so the chart checks use BTC/USDT. Each test has a phone of its
// own, so no session another test stored is on it.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;

/** Half the height of a price label on the axis (11 px text in a 17-18 px box), in CSS pixels. */
const LABEL_HALF_PX = 9;
/** Up and down candle colours of the chart (features/chart/utils/chart-colors.ts). */
const CANDLE_COLOURS: readonly (readonly [number, number, number])[] = [
  [4, 120, 87],
  [200, 41, 47],
];

type PaneCandles = { paneHeight: number; top: number; bottom: number; pixels: number };

/**
 * Where the candles are drawn in the chart's pane, in CSS pixels from its top: the first and last
 * rows holding an opaque candle-coloured pixel (the volume bars under them are translucent). The
 * pane is the widest cell of the chart's first row; the price axis beside it is left out, since
 * the last price's label there is drawn in a candle colour too.
 */
function paneCandles(page: Page): Promise<PaneCandles> {
  return page.locator('.kline-canvas').evaluate((frame, colours) => {
    const row = frame.querySelector('table tr');
    const cells = [...(row?.querySelectorAll('td') ?? [])];
    const pane = cells.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width)[0];
    const result = { paneHeight: pane?.getBoundingClientRect().height ?? 0, top: -1, bottom: -1, pixels: 0 };
    for (const canvas of pane?.querySelectorAll('canvas') ?? []) {
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) continue;
      const scale = canvas.height / canvas.getBoundingClientRect().height;
      const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
      for (let y = 0; y < height; y += 1) {
        for (let x = 0; x < width; x += 1) {
          const index = (y * width + x) * 4;
          if (data[index + 3] !== 255) continue;
          const [red, green, blue] = [data[index], data[index + 1], data[index + 2]];
          if (!colours.some(([r, g, b]) => r === red && g === green && b === blue)) continue;
          result.pixels += 1;
          if (result.top < 0 || y / scale < result.top) result.top = y / scale;
          result.bottom = Math.max(result.bottom, y / scale);
        }
      }
    }
    return result;
  }, CANDLE_COLOURS);
}

/** Waits until the chart has drawn candles and stopped changing its extremes (data in, scale fitted). */
async function settledCandles(page: Page): Promise<PaneCandles> {
  let last = '';
  let candles: PaneCandles = { paneHeight: 0, top: -1, bottom: -1, pixels: 0 };
  await expect
    .poll(
      async () => {
        candles = await paneCandles(page);
        const key = `${candles.top}/${candles.bottom}`;
        const still = candles.pixels > 200 && key === last;
        last = key;
        return still;
      },
      { timeout: 15_000, interval: 400 },
    )
    .toBe(true);
  return candles;
}

function expectInsidePane(candles: PaneCandles, period: string): void {
  expect(candles.top, `${period}: highest candle's label fits under the pane's top`).toBeGreaterThanOrEqual(
    LABEL_HALF_PX,
  );
  expect(candles.bottom, `${period}: lowest candle's label fits over the pane's bottom`).toBeLessThanOrEqual(
    candles.paneHeight - LABEL_HALF_PX,
  );
}

beforeAll(async () => {
  // A day of minutes and a month of days is history enough, and keeps the start to seconds.
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  // A page that fails to start says why in the test's output.
  phone.on('page', (page) => {
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  });
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('next steps', () => {
  it('offers a demo customer with no positions a trade, which opens the trade page', async () => {
    const page = await signIn(phone, await demoSession(server, `e2e-next-${randomUUID()}`));
    await page.goto('/order');
    const trade = page.getByRole('button', { name: 'Start trading' });
    await trade.waitFor();
    expect(await page.getByText('No open positions').count()).toBe(1);
    await keepScreenshot(page, 'next-steps-no-positions');
    await trade.click();
    await page.waitForURL((url) => url.pathname === '/trade' && url.searchParams.has('code'));
    await page.locator('.order-action[data-side=buy]').waitFor();

    // The same demo customer, on a page only a real account may use, is shown how to open one.
    await page.goto('/mine/charge');
    const open = page.getByRole('button', { name: 'Open a real account' });
    await open.waitFor();
    expect(await page.getByText('Open a real account with your e-mail or phone number').count()).toBe(1);
    await keepScreenshot(page, 'next-steps-real-only');
    await open.click();
    await page.waitForURL((url) => url.pathname === '/register');
    await page.close();
  });

  it('asks a new real account to deposit where its balance is shown, and opens the deposit page', async () => {
    const customer = await registerByEmail(server, `next.${randomUUID()}@example.com`);
    const page = await signIn(phone, customer);
    await page.goto('/user');
    await expect.poll(() => page.getByTestId('balance-value').innerText()).toBe('0.00');
    const prompt = page.getByTestId('deposit-prompt');
    await prompt.waitFor({ timeout: 5_000 });
    await keepScreenshot(page, 'next-steps-deposit-prompt');
    expect(await prompt.innerText()).toContain('Deposit funds to start trading');
    await prompt.getByRole('button', { name: 'Deposit' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/charge');
    // A real account gets the deposit page, not the real-only notice.
    await page.locator('.funds-page').waitFor();
    expect(await page.locator('.real-account-only').count()).toBe(0);
    await page.close();

    // The same prompt in Arabic, right to left.
    const arabic = await signIn(phone, customer, 'ar');
    await arabic.goto('/user');
    await arabic.getByTestId('deposit-prompt').waitFor();
    expect(await arabic.locator('html').getAttribute('dir')).toBe('rtl');
    await keepScreenshot(arabic, 'next-steps-deposit-prompt-ar');
  });

  it("keeps the highest and lowest candles' labels inside the chart's pane on every period", async () => {
    const page = await phone.newPage();
    await page.goto('/trade?code=BTCUSDT&period=1M');
    for (const period of PERIOD_LABELS) {
      await page.locator(`.period-button[data-period="${period}"]`).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe(period);
      const candles = await settledCandles(page);
      expectInsidePane(candles, period);
      if (period === '1M' || period === '1D') await keepScreenshot(page, `next-steps-chart-${period}`);
    }
    await page.close();
  });

  it('fits the candles again on another period after the customer dragged the price axis', async () => {
    const page = await phone.newPage();
    await page.goto('/trade?code=BTCUSDT&period=1M');
    await settledCandles(page);
    // A drag down the price axis stretches the scale and turns the library's autoscale off.
    const box = await page.locator('.kline-canvas').boundingBox();
    if (!box) throw new Error('no chart on screen');
    const axisX = box.x + box.width - 20;
    await page.mouse.move(axisX, box.y + box.height * 0.3);
    await page.mouse.down();
    await page.mouse.move(axisX, box.y + box.height * 0.8, { steps: 8 });
    await page.mouse.up();
    await page.locator('.period-button[data-period="1D"]').click();
    await expect.poll(() => new URL(page.url()).searchParams.get('period')).toBe('1D');
    expectInsidePane(await settledCandles(page), '1D after a drag');
    await keepScreenshot(page, 'next-steps-chart-after-drag');
    await page.close();
  });
});
