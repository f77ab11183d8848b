import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, openBtcOrder, tradeCall, visitorPage } from './support/trading-setup';

// Trading at a phone's size, against the real server with its live feed: a visitor is sent to log
// in and comes back with a demo account, buys BTC/USDT at market (crypto trades every day), watches
// the position's profit move, sets its take-profit and stop-loss, closes it and finds it in the
// history and in the billing history; then places a pending order and cancels it, getting its
// margin and fee back. Each test has its own phone (a new browser context), its own demo customer
// and opens over HTTP the orders it is not about: it holds alone and in any order. The
// figures it checks are taken from the price on screen, so they hold at any price level.
let server: RunningServer;
let browser: Browser;
/** This test's phone: its storage (the signed-in customer) is the test's own. */
let phone: BrowserContext;
/** Idempotency-Key headers of the order submits this test's pages sent. */
let submitKeys: (string | undefined)[] = [];
/** Every socket message this test's pages sent, parsed. */
let sentFrames: { type?: string; params?: { topic?: string } }[] = [];

const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
const HOLDING_ROW = '.order-list[data-tab=holding] .order-row';
const DIGITS = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));
/** Text as read, without the invisible marks that keep numbers left to right in any language. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
/** The visible text of an element, without the left-to-right marks. */
const textOf = async (locator: ReturnType<Page['locator']>) => plain(await locator.innerText());

/** A screenshot once the spinner and toasts have gone, so it shows the page itself. */
async function keepSettled(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(target, name);
}

/** The latest toast's text (they carry the outcome of an order). */
async function toastText(target: Page): Promise<string> {
  const toast = target.locator('.adm-toast-main').last();
  await toast.waitFor();
  return textOf(toast);
}

/** The account summary's available balance, as shown (2 places). */
const shownBalance = (target: Page) => target.locator('.account-stat[data-field=balance] dd').innerText();

async function openOrderForm(target: Page, side: 'buy' | 'sell'): Promise<void> {
  await target.locator(`.order-action[data-side=${side}]`).click();
  await target.locator('.order-form').waitFor();
}

/** Records the page's order submits and socket messages for the test to check. */
function record(target: Page): Page {
  target.on('request', (request) => {
    if (new URL(request.url()).pathname === '/v1/api/forex/submit')
      submitKeys.push(request.headers()['idempotency-key']);
  });
  target.on('websocket', (socket) => {
    socket.on('framesent', ({ payload }) => {
      try {
        sentFrames.push(JSON.parse(String(payload)));
      } catch {
        // Only JSON frames are of interest here.
      }
    });
  });
  return target;
}

/** A page of this test's phone with `session` signed in, in English (recorded). */
async function pageOf(session: SessionData): Promise<Page> {
  return record(await signIn(phone, session));
}

/** The holding's row on the orders page, opened from the tab bar of `from`. */
async function holdingRow(target: Page, from = '/') {
  await target.goto(from);
  await target.locator('.app-tab-bar .adm-tab-bar-item').nth(2).click();
  await target.waitForURL((url) => url.pathname === '/order');
  const row = target.locator(HOLDING_ROW).first();
  await row.waitFor();
  return row;
}

beforeAll(async () => {
  // A day of minutes and a month of days is history enough, and keeps the start to seconds.
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  submitKeys = [];
  sentFrames = [];
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('trading in the browser', () => {
  it('sends a visitor who presses buy to log in, and back to the trade page with a demo account', async () => {
    const page = record(await visitorPage(phone));
    await page.goto(TRADE_PATH);
    const buy = page.locator('.order-action[data-side=buy]');
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe(TRADE_PATH);

    await page.locator('.demo-entry button').click();
    await page.waitForURL((url) => url.pathname === '/trade');
    expect(new URL(page.url()).searchParams.get('code')).toBe('BTCUSDT');
    await page.mouse.move(1, 1);
    await keepSettled(page, 'trading-trade-bar');
  });

  it('buys BTC/USDT at market with a live preview of margin, fee and required balance', async () => {
    const page = await pageOf(await freshDemo(server, 'trading-buy'));
    await page.goto(TRADE_PATH);
    await openOrderForm(page, 'buy');
    await page.locator('.leverage-option[data-leverage="10"]').click();
    await page.locator('.lots-step').last().click();
    expect(await page.locator('.lots-input input').inputValue()).toBe('0.02');

    const preview = page.locator('[data-testid=order-preview]');
    await expect.poll(() => preview.locator('[data-field=available] dd').innerText()).toContain('100,000.00');
    // BTC/USDT: 1 unit per lot, a fee of 25 USDT per lot; margin = 0.02 x ask / 10.
    expect(await preview.locator('[data-field=fee] dd').innerText()).toContain('0.50');
    const ask = DIGITS(await page.locator('.side-option[data-side=buy] .side-option-price').innerText());
    const margin = DIGITS(await preview.locator('[data-field=margin] dd').innerText());
    expect(Math.abs(margin - (0.02 * ask) / 10)).toBeLessThan(ask * 0.0001);
    await keepScreenshot(page, 'trading-form');

    await page.locator('.order-submit').click();
    expect(await toastText(page)).toMatch(/Bought 0\.02 lots of BTC\/USDT at [\d,]+\.\d{2}/);
    await expect.poll(() => page.locator('.order-form').count()).toBe(0);
    expect(submitKeys).toHaveLength(1);
    expect(submitKeys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('shows the position on the orders page with its profit moving live', async () => {
    const session = await freshDemo(server, 'trading-holding');
    await openBtcOrder(server, session, { lots: '0.02', leverage: 10 });
    const page = await pageOf(session);
    const row = await holdingRow(page, TRADE_PATH);
    expect(await row.locator('.order-row-code').innerText()).toBe('BTC/USDT');
    expect(await row.locator('.side-tag').innerText()).toBe('Buy');
    expect(await textOf(row.locator('.order-row-size'))).toContain('0.02 lots');

    const profit = row.locator('[data-testid=order-profit]');
    const first = await profit.innerText();
    expect(first).toMatch(/^[+-]?[\d,]+\.\d{6}$/);
    await expect.poll(() => profit.innerText(), { timeout: 10_000, interval: 200 }).not.toBe(first);
    expect(sentFrames.filter((frame) => frame.type === 'sub').map((frame) => frame.params?.topic)).toEqual(
      expect.arrayContaining(['forex.trade', 'forex.closed']),
    );
    await expect.poll(() => page.locator('.account-stat[data-field=margin] dd').innerText()).not.toBe('0.00');
    await keepSettled(page, 'trading-holding');
  });

  it('sets take-profit and stop-loss from the detail panel', async () => {
    const session = await freshDemo(server, 'trading-stops');
    await openBtcOrder(server, session, { lots: '0.02', leverage: 10 });
    const page = await pageOf(session);
    await holdingRow(page, TRADE_PATH);
    await page.locator(`${HOLDING_ROW} .order-row-main`).first().click();
    const detail = page.locator('.order-detail');
    await detail.waitFor();
    await keepScreenshot(page, 'trading-detail');
    const current = DIGITS(await detail.locator('[data-field=current] dd').innerText());
    const takeProfit = Math.ceil(current * 1.05);
    const stopLoss = Math.floor(current * 0.95);

    await detail.locator('[data-action=stops]').click();
    const dialog = page.locator('.stops-dialog');
    await dialog.waitFor();
    // On the wrong side of the price, the rule the server applies says so before sending.
    await dialog.locator('[data-field=target_profit_price] input').fill(String(stopLoss));
    await expect
      .poll(() => textOf(dialog.locator('[data-field=target_profit_price] .order-field-error')))
      .toContain('For a buy, the take-profit must be above');
    await dialog.locator('[data-field=target_profit_price] input').fill(String(takeProfit));
    await dialog.locator('[data-field=stop_loss_price] input').fill(String(stopLoss));
    await keepScreenshot(page, 'trading-stops-dialog');
    await dialog.locator('button[type=submit]').click();
    expect(await toastText(page)).toBe('Take-profit and stop-loss saved');

    const format = (value: number) => `${value.toLocaleString('en-US')}.00`;
    await expect
      .poll(() => detail.locator('[data-field=take-profit] dd').innerText())
      .toBe(format(takeProfit));
    await expect.poll(() => detail.locator('[data-field=stop-loss] dd').innerText()).toBe(format(stopLoss));
    await keepSettled(page, 'trading-detail-stops');
  });

  it('closes the position after confirming: it leaves the holdings and its detail panel, and shows in history', async () => {
    // A position with its take-profit and stop-loss set (5 % either side of its open price).
    const session = await freshDemo(server, 'trading-close');
    const order = await openBtcOrder(server, session, { lots: '0.02', leverage: 10 });
    await tradeCall(server, session, '/v1/api/forex/set_stop_price', {
      id: order.Id,
      target_profit_price: String(Math.ceil(Number(order.Price) * 1.05)),
      stop_loss_price: String(Math.floor(Number(order.Price) * 0.95)),
    });
    const page = await pageOf(session);
    await holdingRow(page, TRADE_PATH);
    await page.locator(`${HOLDING_ROW} .order-row-main`).first().click();
    const detail = page.locator('.order-detail');
    await detail.waitFor();
    await expect.poll(() => detail.locator('[data-field=take-profit] dd').innerText()).not.toBe('--');
    await detail.locator('[data-action=close]').click();
    const confirm = page.locator('.adm-dialog-body:visible');
    await confirm.waitFor();
    expect(await textOf(confirm)).toContain('Buy 0.02 lots of BTC/USDT will close at the market price');
    await keepScreenshot(page, 'trading-close-confirm');
    await confirm.locator('.adm-dialog-button').last().click();

    expect(await toastText(page)).toMatch(/BTC\/USDT: position closed\. P\/L [+-]?[\d,]+\.\d{6} USDT/);
    await expect.poll(() => page.locator('.order-detail-popup .adm-popup-body').isVisible()).toBe(false);
    await expect.poll(() => page.locator(HOLDING_ROW).count()).toBe(0);

    await page.locator('.order-tab-title[data-tab=history]').click();
    const closed = page.locator('.order-list[data-tab=history] .order-row').first();
    await closed.waitFor();
    expect(await closed.getAttribute('data-state')).toBe('closed');
    expect(await closed.locator('.reason-tag').innerText()).toBe('Closed by you');
    expect(
      await closed.locator('.order-figure[data-field=take-profit] .order-figure-value').innerText(),
    ).not.toBe('--');
    await keepSettled(page, 'trading-history');
  });

  it('lists the margin, the fee and the realised profit in the billing history', async () => {
    // A position of 0.02 lots (a fee of 0.50) opened and closed, and the order page's history.
    const session = await freshDemo(server, 'trading-ledger');
    const order = await openBtcOrder(server, session, { lots: '0.02', leverage: 10 });
    await tradeCall(server, session, '/v1/api/forex/close', { id: order.Id });
    const page = await pageOf(session);
    await page.goto('/order');
    await page.locator('.order-tab-title[data-tab=history]').click();
    await page.locator('.order-list[data-tab=history] .order-row').first().waitFor();
    const realised = await page
      .locator('.order-list[data-tab=history] [data-testid=order-profit]')
      .first()
      .innerText();
    await page.locator('.account-summary-link').click();
    await page.waitForURL((url) => url.pathname === '/mine/history');
    await page.locator('.ledger-row').first().waitFor();
    const amountOf = (kind: string) =>
      page.locator(`.ledger-row[data-kind=${kind}] [data-testid=ledger-amount]`);
    expect(await amountOf('trade_fee').innerText()).toBe('-0.50');
    expect(await page.locator('.ledger-row[data-kind=trade_fee] .ledger-row-memo').innerText()).toBe(
      'Trading fee',
    );
    expect(await page.locator('.ledger-row[data-kind=demo_credit]').count()).toBe(1);
    expect(await page.locator('.ledger-row[data-kind=margin_reserve]').count()).toBe(1);
    expect(await page.locator('.ledger-row[data-kind=margin_release]').count()).toBe(1);
    // The realised profit at 2 places, as the order showed it at 6.
    const cents = (Math.round(Math.abs(DIGITS(realised)) * 100) / 100).toFixed(2);
    expect(await amountOf('realized_pnl').innerText()).toMatch(
      new RegExp(`^[+-]?${cents.replace('.', '\\.')}$`),
    );
    await keepSettled(page, 'trading-ledger');
  });

  it('places a pending order and cancels it, and the balance comes back as it was', async () => {
    // An order sent from the same page before: the pending order is another attempt.
    const page = await pageOf(await freshDemo(server, 'trading-pending'));
    await page.goto(TRADE_PATH);
    await openOrderForm(page, 'buy');
    await page.locator('.order-submit').click();
    expect(await toastText(page)).toMatch(/Bought 0\.01 lots of BTC\/USDT/);
    await expect.poll(() => page.locator('.order-form').count()).toBe(0);
    expect(submitKeys).toHaveLength(1);

    await page.goto('/order');
    // A balance shown as money (less the margin and fee of the position bought: 9x,xxx.xx).
    await expect.poll(() => shownBalance(page)).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    const before = await shownBalance(page);

    await page.goto(TRADE_PATH);
    await openOrderForm(page, 'buy');
    await page.locator('.entry-switch .adm-segmented-item').nth(1).click();
    const ask = DIGITS(await page.locator('.side-option[data-side=buy] .side-option-price').innerText());
    await page.locator('.order-form [data-field=target_price] input').fill(String(Math.floor(ask * 0.9)));
    await keepScreenshot(page, 'trading-pending-form');
    await page.locator('.order-submit').click();
    expect(await toastText(page)).toMatch(/Pending buy placed: 0\.01 lots of BTC\/USDT at [\d,]+\.00/);
    // A changed order is a new attempt: its own key.
    expect(new Set(submitKeys).size).toBe(2);

    await page.goto('/order');
    await page.locator('.order-tab-title[data-tab=pending]').click();
    const pending = page.locator('.order-list[data-tab=pending] .order-row').first();
    await pending.waitFor();
    expect(await pending.locator('.state-tag').innerText()).toBe('Pending');
    await expect.poll(() => shownBalance(page)).not.toBe(before);
    await expect.poll(() => page.locator('.account-summary-reserved').count()).toBe(1);
    await keepSettled(page, 'trading-pending');

    await pending.locator('[data-action=cancel]').click();
    const confirm = page.locator('.adm-dialog-body:visible');
    await confirm.waitFor();
    expect(await textOf(confirm)).toContain('The margin and fee it reserved go back to your balance.');
    await confirm.locator('.adm-dialog-button').last().click();
    expect(await toastText(page)).toBe('BTC/USDT: pending order cancelled');
    await expect.poll(() => page.locator('.order-list[data-tab=pending] .order-row').count()).toBe(0);
    await expect.poll(() => shownBalance(page)).toBe(before);
    await keepSettled(page, 'trading-cancelled');
  });

  it('resets the demo account from the personal center: its position closes and the balance is restored', async () => {
    const page = await pageOf(await freshDemo(server, 'trading-reset'));
    await page.goto(TRADE_PATH);
    await openOrderForm(page, 'sell');
    await page.locator('.order-submit').click();
    expect(await toastText(page)).toMatch(/Sold 0\.01 lots of BTC\/USDT/);

    await page.goto('/user');
    await page.getByText('Reset demo account').click();
    const confirm = page.locator('.adm-dialog-body:visible');
    await confirm.waitFor();
    await confirm.locator('.adm-dialog-button').last().click();
    await expect.poll(() => toastText(page)).toBe('Demo account reset');
    await expect.poll(() => textOf(page.locator('[data-testid=balance-value]'))).toBe('100,000.00');

    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(2).click();
    await page.waitForURL((url) => url.pathname === '/order');
    await page.locator('.order-tab-title[data-tab=holding]').click();
    await expect.poll(() => page.locator(HOLDING_ROW).count()).toBe(0);
    await expect.poll(() => shownBalance(page)).toBe('100,000.00');
    await keepSettled(page, 'trading-after-reset');
  });
});
