import type { SessionData } from '@meridian/contract/auth';
import type { Instrument } from '@meridian/contract/market';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FixedPriceFeed } from '../apps/server/test/fixed-price-feed';
import { keepSettledScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Numbers as traders read them, at a phone's size: written the way the reader's
// language writes them, at the places the spec gives them; and an order too large for the balance
// offers the next step. BTC/USDT's mid price is held at a known level by the test feed, so
// every figure is known to the digit whatever the simulated market does: the ask is
// 123,456.78 x 1.0002 = 123,481.47, the bid 123,432.09; at the first leverage (2) 0.01 lots hold a
// margin of 617.407350 and pay a fee of 25 x 0.01 = 0.25. Each test opens its own page.
const BTC_MID = '123456.78';
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext | undefined;
let page: Page | undefined;
let fresh: SessionData;
let holder: SessionData;
let btc: Instrument;

const HOLDING_ROW = '.order-list[data-tab=holding] .order-row';
/** fr and ru group with no-break spaces; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();
const textOf = async (locator: ReturnType<Page['locator']>) => plain(await locator.innerText());

/**
 * A page of `session` in `language` at `path`, on a phone of its own: a shared context's storage
 * would carry the previous test's customer (its app can write its user back after signIn's write).
 */
async function openAs(session: SessionData, language: string, path: string): Promise<Page> {
  await phone?.close();
  phone = await newPhone(browser, server.url);
  page = await signIn(phone, session, language);
  await openInLanguage(page, language, path);
  return page;
}

beforeAll(async () => {
  server = await startServer({
    market: { backfill: { minuteDays: 1, dayDays: 30 }, feed: new FixedPriceFeed({ BTCUSDT: BTC_MID }) },
  });
  browser = await launchBrowser();
  const list = await apiCall<Instrument[]>(server, 'GET', '/v1/api/forex/trade_list');
  const found = list.data.find((instrument) => instrument.Code === 'BTCUSDT');
  if (!found) throw new Error('BTCUSDT is not traded');
  btc = found;
  // One demo customer untouched (its whole virtual balance available), one holding a position.
  fresh = await demoSession(server, `e2e-numbers-fresh-${Date.now()}`);
  holder = await demoSession(server, `e2e-numbers-holder-${Date.now()}`);
  const bought = await apiCall(
    server,
    'POST',
    '/v1/api/forex/submit',
    { type: 1, status: 1, cont: '0.02', forex_id: btc.Id, multiple: btc.HasForexMultiple[0]?.Value ?? 0 },
    holder.token,
  );
  if (bought.code !== 1) throw new Error(`submit: ${bought.msg}`);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('numbers in the reader language', () => {
  it('German: the balance is 100.000,00 and a position shows its profit at 6 places', async () => {
    let shown = await openAs(fresh, 'de', '/user');
    const balance = shown.getByTestId('balance-value');
    await expect.poll(() => textOf(balance), { timeout: 15_000 }).toBe('100.000,00');
    await keepSettledScreenshot(shown, 'numbers-user-de');

    shown = await openAs(holder, 'de', '/order');
    const row = shown.locator(HOLDING_ROW).first();
    await row.waitFor();
    // Bought 0.02 at the ask, valued at the bid: (123,432.09 - 123,481.47) x 0.02.
    const profit = row.getByTestId('order-profit');
    await expect.poll(() => textOf(profit), { timeout: 15_000 }).toBe('-0,987600');
    // Margin and fee of the order at the same 6 places; the price at the instrument's precision.
    expect(await textOf(row.locator('[data-field=margin] .order-figure-value'))).toBe('1.234,814700');
    expect(await textOf(row.locator('[data-field=fee] .order-figure-value'))).toBe('0,500000');
    expect(await textOf(row.locator('[data-field=open] .order-figure-value'))).toBe('123.481,47');
    expect(await textOf(row.locator('.order-row-size'))).toContain('0,02');
    // The account card: money at 2 places, German separators (100,000 less margin and fee).
    expect(await textOf(shown.locator('.account-stat[data-field=balance] dd'))).toBe('98.764,69');
    await keepSettledScreenshot(shown, 'numbers-order-de');
  });

  it('Arabic: numbers keep Latin digits and read left to right inside the right-to-left page', async () => {
    const shown = await openAs(holder, 'ar', '/order');
    const row = shown.locator(HOLDING_ROW).first();
    await row.waitFor();
    expect(await shown.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const profit = row.getByTestId('order-profit');
    await expect.poll(() => textOf(profit), { timeout: 15_000 }).toBe('-0.987600');
    // Read on screen, the sign (or first digit) is left of the last digit: the number runs left to right.
    const readsLeftToRight = (element: Element) => {
      const text = element.firstChild;
      if (!text?.textContent) return false;
      const box = (from: number) => {
        const range = document.createRange();
        range.setStart(text, from);
        range.setEnd(text, from + 1);
        return range.getBoundingClientRect().left;
      };
      return box(0) < box(text.textContent.length - 1);
    };
    expect(await profit.evaluate(readsLeftToRight)).toBe(true);
    const margin = row.locator('[data-field=margin] .order-figure-value');
    expect(await textOf(margin)).toBe('1,234.814700');
    // Net value: balance 98,764.6853 + margin 1,234.8147 + profit -0.9876 = 99,998.5124.
    const net = shown.locator('[data-field=net-value]');
    await expect.poll(() => textOf(net)).toBe('99,998.51');
    expect(await net.evaluate(readsLeftToRight)).toBe(true);
    await keepSettledScreenshot(shown, 'numbers-order-ar');
  });

  it('Spanish: the order card shows margin, fee and their sum at 6 places', async () => {
    const shown = await openAs(fresh, 'spa', '/trade?code=BTCUSDT&period=1M');
    const buy = shown.locator('.order-action[data-side=buy]');
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    // The chart's price axis and legend in Spanish too (looked at in the screenshot).
    await shown.locator('.kline-canvas canvas').first().waitFor();
    await expect
      .poll(() => textOf(shown.getByTestId('chart-legend')), { timeout: 15_000 })
      .toContain('123.456,78');
    await keepSettledScreenshot(shown, 'numbers-trade-es');
    await buy.click();
    const preview = shown.getByTestId('order-preview');
    await preview.waitFor();
    const figure = (field: string) => textOf(preview.locator(`[data-field=${field}] dd`));
    await expect.poll(() => figure('margin')).toBe('617,407350 USDT');
    expect(await figure('fee')).toBe('0,250000 USDT');
    expect(await figure('required')).toBe('617,657350 USDT');
    expect(await figure('available')).toBe('100.000,00 USDT');
    expect(await shown.getByTestId('funds-short').count()).toBe(0);
    // The lots box writes the Spanish decimal comma, and reads one typed: 0,05 lots pay 25 x 0.05
    // (Spanish groups no four-digit number: CLDR's minimum grouping).
    const lots = shown.locator('.lots-input input');
    expect(await lots.inputValue()).toBe('0,01');
    await lots.fill('0,05');
    await expect.poll(() => figure('fee')).toBe('1,250000 USDT');
    expect(await figure('margin')).toBe('3087,036750 USDT');
    expect(await lots.inputValue()).toBe('0,05');
    await preview.scrollIntoViewIfNeeded();
    await keepSettledScreenshot(shown, 'numbers-order-form-es');
  });

  it('an order larger than the balance offers the next step: a demo account, a real account', async () => {
    const shown = await openAs(fresh, 'spa', '/trade?code=BTCUSDT&period=1M');
    const buy = shown.locator('.order-action[data-side=buy]');
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    await buy.click();
    // 2 lots at leverage 2 hold 123,481.47 of margin: past the 100,000 demo balance.
    const input = shown.locator('.lots-input input');
    await input.fill('2');
    const short = shown.getByTestId('funds-short');
    await short.waitFor();
    expect(await textOf(short.locator('p'))).toBe(
      'Su saldo virtual no cubre esta orden. Una cuenta real opera con sus propios fondos.',
    );
    const action = shown.getByTestId('funds-short-action');
    expect(await textOf(action)).toBe('Abrir una cuenta real');
    await keepSettledScreenshot(shown, 'numbers-order-short-es');
    await action.click();
    await shown.waitForURL((url) => url.pathname === '/register');
  });
});
