import type { SessionData } from '@meridian/contract/auth';
import type { Instrument } from '@meridian/contract/market';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepSettledScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Numbers as traders read them (issue 16, item 4), at a phone's size: written the way the reader's
// language writes them, at the places the spec gives them; and an order too large for the balance
// offers the next step (item 6).
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let fresh: SessionData;
let holder: SessionData;
let btc: Instrument;

const HOLDING_ROW = '.order-list[data-tab=holding] .order-row';
/** fr and ru group with no-break spaces; the tests read them as plain spaces. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ').trim();
const textOf = async (locator: ReturnType<Page['locator']>) => plain(await locator.innerText());

const openIn = (language: string, path: string) => openInLanguage(page, language, path);
const keepSettled = (name: string) => keepSettledScreenshot(page, name);

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  phone = await newPhone(browser, server.url);
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
    page = await signIn(phone, fresh, 'de');
    await page.goto('/user');
    const balance = page.getByTestId('balance-value');
    await expect.poll(() => textOf(balance), { timeout: 15_000 }).toBe('100.000,00');
    await keepSettled('numbers-user-de');
    await page.close();

    page = await signIn(phone, holder, 'de');
    await page.goto('/order');
    const row = page.locator(HOLDING_ROW).first();
    await row.waitFor();
    const profit = row.getByTestId('order-profit');
    await expect.poll(() => textOf(profit), { timeout: 15_000 }).toMatch(/^[+-]?\d{1,3}(\.\d{3})*,\d{6}$/);
    // Margin and fee of the order at the same 6 places; the price at the instrument's precision.
    expect(await textOf(row.locator('[data-field=margin] .order-figure-value'))).toMatch(
      /^\d{1,3}(\.\d{3})*,\d{6}$/,
    );
    expect(await textOf(row.locator('[data-field=fee] .order-figure-value'))).toMatch(/^\d+,\d{6}$/);
    expect(await textOf(row.locator('[data-field=open] .order-figure-value'))).toMatch(
      new RegExp(`^\\d{1,3}(\\.\\d{3})*,\\d{${btc.PricePrecision}}$`),
    );
    expect(await textOf(row.locator('.order-row-size'))).toContain('0,02');
    // The account card: money at 2 places, German separators.
    expect(await textOf(page.locator('.account-stat[data-field=balance] dd'))).toMatch(
      /^\d{1,3}(\.\d{3})*,\d{2}$/,
    );
    await keepSettled('numbers-order-de');
  });

  it('Arabic: numbers keep Latin digits and read left to right inside the right-to-left page', async () => {
    await openIn('ar', '/order');
    const row = page.locator(HOLDING_ROW).first();
    await row.waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const profit = row.getByTestId('order-profit');
    await expect.poll(() => textOf(profit), { timeout: 15_000 }).toMatch(/^[+-]?\d{1,3}(,\d{3})*\.\d{6}$/);
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
    expect(await textOf(margin)).toMatch(/^\d{1,3}(,\d{3})*\.\d{6}$/);
    const net = page.locator('[data-field=net-value]');
    expect(await textOf(net)).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
    expect(await net.evaluate(readsLeftToRight)).toBe(true);
    await keepSettled('numbers-order-ar');
  });

  it('Spanish: the order card shows margin, fee and their sum at 6 places', async () => {
    await openIn('spa', '/trade?code=BTCUSDT&period=1M');
    const buy = page.locator('.order-action[data-side=buy]');
    await expect.poll(() => buy.isEnabled(), { timeout: 15_000 }).toBe(true);
    // The chart's price axis and legend in Spanish too (looked at in the screenshot).
    await page.locator('.kline-canvas canvas').first().waitFor();
    await expect
      .poll(() => textOf(page.getByTestId('chart-legend')), { timeout: 15_000 })
      .toMatch(/\d{3}\.\d{3},\d{2}/);
    await keepSettled('numbers-trade-es');
    await buy.click();
    const preview = page.getByTestId('order-preview');
    await preview.waitFor();
    const figure = (field: string) => textOf(preview.locator(`[data-field=${field}] dd`));
    await expect.poll(() => figure('margin')).toMatch(/^\d{1,3}(\.\d{3})*,\d{6} USDT$/);
    expect(await figure('fee')).toMatch(/^\d+,\d{6} USDT$/);
    expect(await figure('required')).toMatch(/^\d{1,3}(\.\d{3})*,\d{6} USDT$/);
    expect(await figure('available')).toMatch(/^\d{1,3}(\.\d{3})*,\d{2} USDT$/);
    expect(await page.getByTestId('funds-short').count()).toBe(0);
    // The lots box writes the Spanish decimal comma, and reads one typed: 0,05 lots pay 25 x 0.05.
    const lots = page.locator('.lots-input input');
    expect(await lots.inputValue()).toBe('0,01');
    await lots.fill('0,05');
    await expect.poll(() => figure('fee')).toBe('1,250000 USDT');
    expect(await lots.inputValue()).toBe('0,05');
    await preview.scrollIntoViewIfNeeded();
    await keepSettled('numbers-order-form-es');
  });

  it('an order larger than the balance offers the next step: a demo account, a real account', async () => {
    // Lots whose margin at the lowest leverage is well past the 100,000 demo balance.
    const price = Number(btc.ForexQuotations.Close);
    const leverage = Math.min(...btc.HasForexMultiple.map((option) => option.Value));
    const lots = Math.ceil((200_000 * leverage) / (price * Number(btc.ForexContNum)));
    expect(lots).toBeLessThanOrEqual(Number(btc.ForexMaxCont));
    const input = page.locator('.lots-input input');
    await input.fill(String(lots));
    const short = page.getByTestId('funds-short');
    await short.waitFor();
    expect(await textOf(short.locator('p'))).toBe(
      'Su saldo virtual no cubre esta orden. Una cuenta real opera con sus propios fondos.',
    );
    const action = page.getByTestId('funds-short-action');
    expect(await textOf(action)).toBe('Abrir una cuenta real');
    await keepSettled('numbers-order-short-es');
    await action.click();
    await page.waitForURL((url) => url.pathname === '/register');
  });
});
