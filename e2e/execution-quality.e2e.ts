import type { SessionData } from '@meridian/contract/auth';
import type { ExecutionQualityReport } from '@meridian/contract/execution-quality';
import type { Order } from '@meridian/contract/trading';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { apiCall, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, instrument, tradeCall } from './support/trading-setup';

// The public execution-quality report in the browser, against the real server: fills made
// over HTTP on the always-open crypto pairs, the job brought up to date, then the page opened from
// the personal center on a phone and from the footer of a 1440x900 desktop window: an instrument
// picked, its figures in the table and its bars in the chart.
let server: RunningServer;
let browser: Browser;
const windows: BrowserContext[] = [];

/** Opens and closes a market order of `code` (two fills). */
async function roundTrip(session: SessionData, code: string, side: 1 | 2): Promise<void> {
  const traded = await instrument(server, code);
  const order = await tradeCall<Order>(server, session, '/v1/api/forex/submit', {
    type: side,
    status: 1,
    cont: traded.ForexMinCont,
    forex_id: traded.Id,
    multiple: traded.HasForexMultiple[0]?.Value ?? 0,
  });
  await tradeCall(server, session, '/v1/api/forex/close', { id: order.Id });
}

const report = () => apiCall<ExecutionQualityReport>(server, 'GET', '/api/execution/quality', { days: 30 });

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  const session = await freshDemo(server, 'quality');
  await roundTrip(session, 'BTCUSDT', 1);
  await roundTrip(session, 'BTCUSDT', 2);
  await roundTrip(session, 'ETHUSDT', 1);
  // The job takes a fill in once it has settled (a few seconds): run it until both pairs show.
  const deadline = Date.now() + 30_000;
  for (;;) {
    await server.app.executionQuality.runOnce();
    const codes = (await report()).data.list.map((row) => row.code).sort();
    if (codes.join() === 'BTCUSDT,ETHUSDT') break;
    if (Date.now() > deadline) throw new Error(`the report never showed both pairs: ${codes.join()}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}, 120_000);

afterEach(async () => {
  for (const context of windows.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Picks ETH/USDT in the page's instrument tabs and checks its figures and chart. */
async function pickAndCheck(page: Page): Promise<void> {
  await page.locator('.execution-instruments').getByText('ETH', { exact: false }).first().click();
  await page.locator('.execution-instruments .adm-capsule-tabs-tab-active', { hasText: 'ETH' }).waitFor();
  const rows = page.locator('.execution-table tbody tr');
  await expect.poll(() => rows.count()).toBe(1);
  // Two fills of ETH today, both at the quote: 100 % at or better.
  const cells = await rows.first().locator('td').allInnerTexts();
  expect(cells[0]).toBe('2');
  expect(cells[1]).toBe('100%');
  // The chart has one bar for today.
  await expect.poll(() => page.locator('[data-testid="execution-chart"] rect').count()).toBe(1);
  // Another figure in the chart: the number of fills.
  await page.locator('.execution-metrics').getByText('Fills', { exact: true }).click();
  await expect.poll(() => page.locator('[data-testid="execution-chart"] rect').count()).toBe(1);
  await page.locator('.execution-metrics').getByText('At or better', { exact: true }).click();
  await page.getByText('What the figures mean').waitFor();
}

describe('execution-quality page', () => {
  it('opens from the personal center on a phone, picks an instrument, shows its figures and chart', async () => {
    const phone = await newPhone(browser, server.url);
    windows.push(phone);
    const page = await signIn(phone, await freshDemo(server, 'quality-phone'));
    await page.goto('/user');
    await page.locator('.entry-list').getByText('Execution quality', { exact: true }).click();
    await page.waitForURL('**/execution');
    await page.locator('.execution-instruments').waitFor();
    // BTC first (the catalogue's order), with its four fills.
    const first = await page.locator('.execution-table tbody tr td').first().innerText();
    expect(first).toBe('4');
    await pickAndCheck(page);
    await keepScreenshot(page, 'execution-quality-phone');
  });

  it('opens from the desktop footer at 1440x900 with no sign-in', async () => {
    const desktop = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      locale: 'en-US',
    });
    windows.push(desktop);
    const page = await desktop.newPage();
    await page.goto('/news');
    await page.locator('.desktop-footer').getByText('Execution quality').click();
    await page.waitForURL('**/execution');
    await page.locator('.execution-instruments').waitFor();
    await pickAndCheck(page);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(1440);
    await keepScreenshot(page, 'execution-quality-desktop');
  });
});
