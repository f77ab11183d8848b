import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { ExecutionCheck } from '@meridian/contract/back-office';
import type { ExecutionQualityDay, ExecutionQualityReport } from '@meridian/contract/execution-quality';
import type { ExecutionList, ExecutionRecord, Order } from '@meridian/contract/trading';
import type { Browser, BrowserContext, Locator } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, LAPTOP, motionSettled, openDesk, PHONE } from './support/admin-setup';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { staffToken } from './support/funds';
import { apiCall, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, openBtcOrder } from './support/trading-setup';

// The execution record in the browser: a customer opens a market order and closes it, then opens the order's
// detail, on a phone and on a 1440x900 desktop, and finds "How this order was filled" with each
// fill's price, quote, markup, price source and delay, the very figures the execution call answers;
// and the back office's dashboard shows the Execution card with no fill off its quote. Each test
// has its own customer and window: it holds alone and in any order.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
/** Text as read, without the invisible marks that keep numbers left to right. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
/** A number as shown in English (grouping commas) as a number. */
const shownNumber = (text: string) => Number(plain(text).replace(/,/g, ''));

let server: RunningServer;
let browser: Browser;
let windows: BrowserContext[] = [];
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of windows) await context.close();
  windows = [];
  await closeDesks(desks);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** A BTC/USDT market buy opened and then closed over HTTP, and its execution records. */
async function closedOrder(session: SessionData): Promise<{ order: Order; records: ExecutionRecord[] }> {
  const order = await openBtcOrder(server, session);
  const closed = await apiCall(server, 'POST', '/v1/api/forex/close', { id: order.Id }, session.token);
  if (closed.code !== 1) throw new Error(`close: ${closed.msg}`);
  const answer = await apiCall<ExecutionList>(
    server,
    'GET',
    '/v1/api/forex/execution',
    { id: order.Id },
    session.token,
  );
  if (answer.code !== 1) throw new Error(`execution: ${answer.msg}`);
  return { order, records: answer.data.list };
}

/**
 * Runs the execution-quality job until the public report's BTC/USDT figures for today count at
 * least `fills` (a fill is taken in once it has settled, a few seconds), and answers that day.
 */
async function qualityCounts(fills: number): Promise<ExecutionQualityDay> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    await server.app.executionQuality.runOnce();
    const report = await apiCall<ExecutionQualityReport>(server, 'GET', '/api/execution/quality', {
      days: 30,
    });
    const days = report.data.list.find((row) => row.code === 'BTCUSDT')?.days ?? [];
    const today = days.at(-1);
    if (today && today.fills >= fills) return today;
    if (Date.now() > deadline) throw new Error(`the report never counted ${fills} BTC/USDT fills`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** The quality card's row of BTC/USDT: its cells as read, the instrument first. */
async function qualityRow(card: Locator): Promise<string[]> {
  const row = card.locator('.execution-quality-table tbody tr.ant-table-row', { hasText: 'BTC/USDT' });
  await row.waitFor();
  return (await row.locator('td').allInnerTexts()).map(plain);
}

/** The fill section shows each record's figures: kind, price, quote, markup, source and delay. */
async function expectFills(section: Locator, records: ExecutionRecord[]): Promise<void> {
  await expect.poll(() => section.locator('.order-fill').count(), { timeout: 15_000 }).toBe(records.length);
  expect(await section.locator('.order-fills-title').innerText()).toBe('How this order was filled');
  expect(await section.locator('.order-fill-kind').allInnerTexts()).toEqual([
    'Opened at market',
    'Closed by you',
  ]);
  for (const record of records) {
    const fill = section.locator(`.order-fill[data-kind=${record.kind}]`);
    const value = (field: string) => fill.locator(`[data-fill-field=${field}] dd`).innerText();
    expect(shownNumber(await value('price'))).toBe(Number(record.price));
    const [bid, ask] = plain(await value('quote')).split(' / ');
    expect([shownNumber(bid ?? ''), shownNumber(ask ?? '')]).toEqual([
      Number(record.bid),
      Number(record.ask),
    ]);
    // The side the fill took is the one in bold: a buy opens at the ask and closes at the bid.
    const taken = shownNumber(await fill.locator('.order-fill-taken').innerText());
    expect(taken).toBe(Number(record.kind === 'market_open' ? record.ask : record.bid));
    expect(taken).toBe(Number(record.price));
    expect(plain(await value('markup'))).toBe(String(record.markup_points));
    expect(await value('source')).toBe(record.source === 'simulator' ? 'Simulated prices' : record.source);
    expect(plain(await value('delay'))).toBe(`${record.filled_at - record.requested_at} ms`);
  }
}

/**
 * Resolves once the element has stopped moving (the detail panel slides in with a JS spring, which
 * the page's animation list does not show; the terminal's live prices keep animating elsewhere).
 */
async function stoppedMoving(element: Locator): Promise<void> {
  let last = '';
  await expect
    .poll(
      async () => {
        const box = JSON.stringify(await element.boundingBox());
        const still = box === last;
        last = box;
        return still;
      },
      { timeout: 10_000, interval: 100 },
    )
    .toBe(true);
}

describe('how an order was filled', () => {
  it('on a phone: the closed order in history shows its two fills, as the execution call answers', async () => {
    const session = await freshDemo(server, 'execution-phone');
    const { order, records } = await closedOrder(session);
    expect(records.map((record) => record.kind)).toEqual(['market_open', 'manual_close']);
    const phone = await newPhone(browser, server.url);
    windows.push(phone);
    const page = await signIn(phone, session);
    await page.goto('/order');
    await page.locator('.order-tab-title[data-tab=history]').click();
    const row = page.locator(`.order-list[data-tab=history] .order-row[data-order-id="${order.Id}"]`);
    await row.waitFor();
    await row.locator('.order-row-main').click();
    const detail = page.locator(`.order-detail[data-order-id="${order.Id}"]`);
    await detail.waitFor();
    const section = detail.locator('[data-testid=order-fills]');
    await expectFills(section, records);
    await section.scrollIntoViewIfNeeded();
    await stoppedMoving(section);
    await keepScreenshot(page, 'execution-detail-phone');
  });

  it('on a 1440x900 desktop: the terminal’s order detail shows the same section', async () => {
    const session = await freshDemo(server, 'execution-desktop');
    const { order, records } = await closedOrder(session);
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: LAPTOP,
      deviceScaleFactor: 1,
      locale: 'en-US',
    });
    windows.push(context);
    const page = await signIn(context, session);
    await page.goto(TRADE_PATH);
    await page.locator('.terminal-orders').waitFor();
    await page.locator('.terminal-orders .order-tab-title[data-tab=history]').click();
    const row = page.locator(
      `.terminal-orders .order-list[data-tab=history] .order-row[data-order-id="${order.Id}"]`,
    );
    await row.waitFor();
    await row.locator('.order-row-main').click();
    const detail = page.locator(`.order-detail[data-order-id="${order.Id}"]`);
    await detail.waitFor();
    const section = detail.locator('[data-testid=order-fills]');
    await expectFills(section, records);
    // The whole section fits the window beside the detail's fields.
    const box = await section.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(250);
    await section.scrollIntoViewIfNeeded();
    await stoppedMoving(section);
    await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
    await page.mouse.move(1, 1);
    await keepScreenshot(page, 'execution-detail-desktop');
  });

  it('the back office dashboard shows the Execution card: the fills of the day, none off its quote', async () => {
    const session = await freshDemo(server, 'execution-staff');
    await closedOrder(session);
    const token = await staffToken(server, 'admin', 'Ada Admin');
    const admin = await openDesk(browser, server, desks, token);
    await admin.goto('/admin/dashboard');
    const card = admin.locator('.execution-card');
    await card.waitFor();
    const fills = shownNumber(
      await card.locator('.execution-fills .ant-statistic-content-value').innerText(),
    );
    expect(fills).toBeGreaterThanOrEqual(2);
    expect(await card.locator('.execution-broken .ant-statistic-content-value').innerText()).toBe('0');
    expect(await card.locator('.execution-broken-list').count()).toBe(0);
    expect(await card.innerText()).toContain('Every fill matches its quote');
    await card.scrollIntoViewIfNeeded();
    await motionSettled(admin);
    await keepScreenshot(admin, 'execution-staff-dashboard');
  });

  it('at 1440x900, the Execution quality card shows the public report’s figures and links to it', async () => {
    const session = await freshDemo(server, 'execution-quality-staff');
    await closedOrder(session);
    const day = await qualityCounts(2);
    const token = await staffToken(server, 'admin', 'Ada Admin');
    const admin = await openDesk(browser, server, desks, token);
    await admin.goto('/admin/dashboard');
    const card = admin.locator('.execution-quality-card');
    await card.waitFor();
    const cells = await qualityRow(card);
    // Instrument, then the last day with fills: day, fills, share at or better, better, worse, time to fill, spread, stale.
    expect(cells.slice(0, 3)).toEqual(['BTC/USDT', day.day, day.fills.toLocaleString('en-US')]);
    expect(cells[3]).toBe(`${Number((Number(day.at_or_better_share) * 100).toFixed(2))}%`);
    expect(cells[6]).toBe(
      `${day.fill_ms_median?.toLocaleString('en-US')} / ${day.fill_ms_p95?.toLocaleString('en-US')}`,
    );
    // The 30 days: at least today's fills, on at least one day.
    expect(shownNumber(cells[9] ?? '')).toBeGreaterThanOrEqual(day.fills);
    expect(await card.locator('.quality-updated').innerText()).toMatch(
      /^Figures as of .+\(the job’s last run\)\.$/,
    );
    const link = card.locator('a.quality-public-link');
    expect(await link.getAttribute('href')).toBe('/execution');
    // The whole table fits the desktop card: nothing to scroll sideways.
    const scroller = card.locator('.ant-table-content');
    expect(await scroller.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    // The link opens the customer app's public report.
    const [report] = await Promise.all([admin.context().waitForEvent('page'), link.click()]);
    await report.locator('.execution-instruments').waitFor();
    expect(new URL(report.url()).pathname).toBe('/execution');
    await report.close();
    await card.scrollIntoViewIfNeeded();
    await motionSettled(admin);
    await admin.mouse.move(1, 1);
    await keepScreenshot(admin, 'execution-quality-staff-desktop');
  });

  it('on a phone, the Execution quality card fits the screen and its table scrolls sideways inside it', async () => {
    const session = await freshDemo(server, 'execution-quality-phone');
    await closedOrder(session);
    const day = await qualityCounts(2);
    const token = await staffToken(server, 'admin', 'Ada Admin');
    const phone = await openDesk(browser, server, desks, token, PHONE);
    await phone.goto('/admin/dashboard');
    const card = phone.locator('.execution-quality-card');
    await card.waitFor();
    const cells = await qualityRow(card);
    expect(cells.slice(0, 2)).toEqual(['BTC/USDT', day.day]);
    const box = await card.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // The page itself does not scroll sideways; the table does, inside the card.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const scroller = card.locator('.ant-table-content');
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await card.scrollIntoViewIfNeeded();
    await motionSettled(phone);
    await keepScreenshot(phone, 'execution-quality-staff-phone');
    // Scrolled to its end, the 30 days' columns show.
    await scroller.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect
      .poll(() =>
        scroller.evaluate((element) => element.scrollLeft + element.clientWidth >= element.scrollWidth - 1),
      )
      .toBe(true);
    await keepScreenshot(phone, 'execution-quality-staff-phone-scrolled');
  });

  it('on a phone, a fill off its quote would be listed with its order, kind, price and the price expected', async () => {
    // No code path writes such a fill (the server tests insert one by hand): the dashboard's answer
    // is the server's with one broken fill put in, to see how staff would read it.
    const token = await staffToken(server, 'admin', 'Ada Admin');
    const phone = await openDesk(browser, server, desks, token, PHONE);
    const broken: ExecutionCheck['list'][number] = {
      order_id: 4711,
      code: 'EURUSD',
      price_precision: 5,
      kind: 'stop_loss',
      type: 1,
      price: '1.08290000',
      expected: '1.08300000',
      filled_at: new Date().toISOString(),
    };
    await phone.route('**/admin/api/dashboard*', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { execution: ExecutionCheck } };
      answer.data.execution = { ...answer.data.execution, broken: 1, list: [broken] };
      await route.fulfill({ response, json: answer });
    });
    await phone.goto('/admin/dashboard');
    const card = phone.locator('.execution-card');
    const row = card.locator('.execution-broken-list tbody tr.ant-table-row');
    await row.waitFor();
    expect(await card.locator('.execution-broken .ant-statistic-content-value').innerText()).toBe('1');
    // Prices at the instrument's 5 places.
    expect((await row.locator('td').allInnerTexts()).slice(0, 6)).toEqual([
      '4711',
      'EURUSD',
      'Stop-loss',
      'Buy',
      '1.08290',
      '1.08300',
    ]);
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await card.scrollIntoViewIfNeeded();
    await motionSettled(phone);
    await keepScreenshot(phone, 'execution-staff-broken-phone');
  });
});
