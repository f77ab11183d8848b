import { existsSync } from 'node:fs';
import path from 'node:path';
import type { StaffInstrumentList } from '@meridian/contract/instruments-staff';
import type { ForexDetail } from '@meridian/contract/trading';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, motionSettled, openDesk } from './support/admin-setup';
import { keepScreenshot, launchBrowser, newPhone, SCREENSHOT_DIR } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// The back office's instruments and settings at a laptop's 1440x900, with the customer app on a
// phone beside it: a wider spread reaches the phone's quote without a reload, and a new demo
// balance is what the next demo account starts with. Crypto trades every day: BTC/USDT.
const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
const DIGITS = (text: string | null) => Number((text ?? '').replace(/[^\d.-]/g, ''));

let server: RunningServer;
let browser: Browser;
let adminToken: string;
/** Each test's own desks and phones (browser contexts), closed after it. */
const contexts: Desks = [];

/** The admin's own desk for this test. */
const adminDesk = () => openDesk(browser, server, contexts, adminToken);

/** The back office on a phone (390x844) of this test's own, signed in as the admin, in English. */
async function adminPhone(): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  contexts.push(phone);
  await phone.addInitScript((stored) => sessionStorage.setItem('meridian.admin.token', stored), adminToken);
  return phone.newPage();
}

/** What the phone's screen shows now (a drawer is fixed to the screen: a full-page shot would cut it). */
async function keepScreen(page: Page, name: string): Promise<void> {
  await motionSettled(page);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** An instrument's feed symbol and markup as the back office's list API answers them. */
async function feedTerms(code: string) {
  const answer = await apiCall<StaffInstrumentList>(server, 'GET', '/admin/api/instruments', {}, adminToken);
  const row = answer.data.list.find((instrument) => instrument.code === code);
  return { feed_symbol: row?.feed_symbol, markup_points: row?.markup_points };
}

/** A phone of this test's own, on the app's origin with English chosen. */
async function englishPhone(): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  contexts.push(phone);
  const page = await phone.newPage();
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('meridian.language', JSON.stringify({ state: { language: 'en' }, version: 1 })),
  );
  return page;
}

/** The phone's sell (bid) and buy (ask) prices as shown on the trade page's action bar. */
async function shownQuote(page: Page): Promise<{ bid: number; ask: number }> {
  const bid = DIGITS(await page.locator('.order-action[data-side=sell] .order-action-price').innerText());
  const ask = DIGITS(await page.locator('.order-action[data-side=buy] .order-action-price').innerText());
  return { bid, ask };
}

/** The gap between ask and bid as a fraction of the mid price (2 x the spread). */
async function shownGap(page: Page): Promise<number> {
  const { bid, ask } = await shownQuote(page);
  if (!(bid > 0 && ask > 0)) return Number.NaN;
  return (ask - bid) / ((ask + bid) / 2);
}

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  adminToken = await enrolledStaffToken(server, {
    email: 'market.admin.e2e@meridian.test',
    role: 'admin',
    name: 'Ada Admin',
  });
});

afterEach(() => closeDesks(contexts));

afterAll(async () => {
  await closeDesks(contexts);
  await browser?.close();
  await server?.stop();
});

describe('back office: instruments and settings (1440x900)', () => {
  it('an admin widens BTC/USDT’s spread and the phone’s quote shows the wider gap without a reload', async () => {
    const admin = await adminDesk();
    const customer = await englishPhone();
    await customer.goto(TRADE_PATH);
    await expect.poll(() => shownGap(customer), { timeout: 15_000 }).toBeGreaterThan(0);
    // The seeded spread: 0.0002 of the mid on each side, a gap of 0.04 %.
    expect(await shownGap(customer)).toBeLessThan(0.001);
    await keepScreenshot(customer, 'admin-market-phone-before');

    await admin.goto('/admin/instruments');
    await admin.getByRole('tab', { name: /Crypto/ }).click();
    const row = admin.locator('.instruments-table tr', { hasText: 'BTCUSDT' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('0.0002');
    await keepScreenshot(admin, 'admin-instruments');

    await admin.locator('.edit-BTCUSDT').first().click();
    const drawer = admin.locator('.instrument-drawer');
    await drawer.waitFor();
    const spread = drawer.locator('.spread-input');
    await spread.fill('0.2');
    await drawer.locator('.save-instrument').click();
    // A spread changes every price: the edit is confirmed on its before and after first.
    const confirm = admin.locator('.instrument-confirm');
    await confirm.locator('td.confirm-after', { hasText: '0.2' }).waitFor();
    expect(await confirm.locator('td.confirm-before').innerText()).toBe('0.0002');
    await confirm.locator('.instrument-confirm-ok').click();
    // Refused by the server (more than 10 % of the price each side), nothing changed.
    await admin.getByText('Spread must be from 0 to 0.1.').waitFor();
    await spread.fill('0.005');
    await keepScreenshot(admin, 'admin-instrument-drawer');
    await drawer.locator('.save-instrument').click();
    await confirm.locator('td.confirm-after', { hasText: '0.005' }).waitFor();
    await keepScreenshot(admin, 'admin-instrument-confirm');
    await confirm.locator('.instrument-confirm-ok').click();
    await admin.getByText('Saved: the new terms apply now.').waitFor();
    await expect.poll(() => row.innerText()).toContain('0.005');

    // The phone was not reloaded: the next quote pushed over its socket has the wider spread.
    await expect.poll(() => shownGap(customer), { timeout: 15_000 }).toBeGreaterThan(0.009);
    expect(await shownGap(customer)).toBeLessThan(0.011);
    await keepScreenshot(customer, 'admin-market-phone-after');
    await keepScreenshot(admin, 'admin-instruments-saved');
  });

  it('an admin on a phone edits EUR/USD’s feed symbol and markup, then clears the symbol (issue 27)', async () => {
    const admin = await adminPhone();
    await admin.goto('/admin/instruments');
    const row = admin.locator('.instruments-table tr', { hasText: 'EURUSD' }).first();
    await row.waitFor();
    // Seeded as the code, no markup.
    expect(await row.locator('.instrument-feed').innerText()).toBe('EURUSD');
    await admin.locator('.edit-EURUSD').first().click();
    const drawer = admin.locator('.instrument-drawer');
    const symbol = drawer.locator('.feed-symbol-input');
    const markup = drawer.locator('.markup-input');
    await symbol.waitFor();
    expect(await symbol.inputValue()).toBe('EURUSD');
    expect(await markup.inputValue()).toBe('0');
    await drawer.getByText('The symbol your price feed quotes this instrument under').waitFor();

    // Refused on the form, before anything is sent.
    await symbol.fill('EUR USD');
    await markup.fill('1.5');
    await drawer.locator('.save-instrument').click();
    await drawer.getByText('Enter 1 to 32 characters: letters A–Z, digits and . _ - / : only').waitFor();
    await drawer.getByText('Enter a whole number of points from 0 to 1000000.').waitFor();
    await markup.scrollIntoViewIfNeeded();
    await keepScreen(admin, 'admin-instrument-feed-phone-invalid');
    expect(await feedTerms('EURUSD')).toEqual({ feed_symbol: 'EURUSD', markup_points: 0 });

    await symbol.fill(' EUR/USD ');
    await markup.fill('15');
    await drawer.locator('.save-instrument').click();
    // Both change the prices customers trade at on a real feed: confirmed on their before and after.
    const confirm = admin.locator('.instrument-confirm');
    await confirm.locator('td.confirm-after', { hasText: 'EUR/USD' }).waitFor();
    const befores = await confirm.locator('td.confirm-before').allInnerTexts();
    const afters = await confirm.locator('td.confirm-after').allInnerTexts();
    expect(befores).toEqual(['EURUSD', '0']);
    expect(afters).toEqual(['EUR/USD', '15']);
    await keepScreen(admin, 'admin-instrument-feed-phone-confirm');
    await confirm.locator('.instrument-confirm-ok').click();
    await admin.getByText('Saved: the new terms apply now.').waitFor();
    await expect.poll(() => row.locator('.instrument-feed').innerText()).toBe('EUR/USD\n+15 pts');
    expect(await feedTerms('EURUSD')).toEqual({ feed_symbol: 'EUR/USD', markup_points: 15 });
    await row.locator('.instrument-feed').scrollIntoViewIfNeeded();
    await keepScreen(admin, 'admin-instrument-feed-phone-saved');

    // An empty symbol: no symbol, so no price on a real feed.
    await admin.locator('.edit-EURUSD').first().click();
    await expect.poll(() => symbol.inputValue()).toBe('EUR/USD');
    await symbol.fill('');
    await drawer.locator('.save-instrument').click();
    await confirm.locator('td.confirm-before', { hasText: 'EUR/USD' }).waitFor();
    expect(await confirm.locator('td.confirm-after').allInnerTexts()).toEqual(['-']);
    await confirm.locator('.instrument-confirm-ok').click();
    await expect.poll(() => row.locator('.instrument-feed').innerText()).toBe('No symbol\n+15 pts');
    expect(await feedTerms('EURUSD')).toEqual({ feed_symbol: null, markup_points: 15 });
    await row.locator('.instrument-feed').scrollIntoViewIfNeeded();
    await keepScreen(admin, 'admin-instrument-feed-phone-cleared');

    const restored = await apiCall(
      server,
      'POST',
      '/admin/api/instruments/update',
      { id: 1, feed_symbol: 'EURUSD', markup_points: 0 },
      adminToken,
    );
    expect(restored.code).toBe(1);
  });

  it('an admin sets the demo balance, and the next demo account starts with it', async () => {
    const admin = await adminDesk();
    await admin.goto('/admin/settings');
    const card = admin.locator('.setting-demo_balance');
    await card.waitFor();
    const input = card.locator('input');
    await expect.poll(() => input.inputValue()).toBe('100000');
    await input.fill('12.345');
    await card.locator('.save-setting').click();
    await card.getByText('with at most 2 decimal places').waitFor();
    await keepScreenshot(admin, 'admin-settings-invalid');
    await input.fill('5000');
    await card.locator('.save-setting').click();
    // Confirmed with the old and new value first; a demo balance is not a money setting: it applies at once.
    const confirmation = admin.locator('.change-confirmation');
    await confirmation.getByText('This change applies at once.').waitFor();
    expect(await confirmation.locator('.field-before').innerText()).toBe('100000');
    expect(await confirmation.locator('.field-after').innerText()).toBe('5000');
    await confirmation.getByRole('button', { name: 'Apply the change' }).click();
    await admin.getByText('Saved: the setting applies now.').waitFor();
    await expect.poll(() => card.innerText()).toContain('Changed');
    await keepScreenshot(admin, 'admin-settings');

    const session = await demoSession(server, `demo-admin-market-${Date.now()}`);
    const detail = await apiCall<ForexDetail>(
      server,
      'GET',
      '/v1/api/main/account/forexDetail',
      {},
      session.token,
    );
    expect(detail.data.balance).toBe('5000');
    // The customer's phone shows it on the order centre.
    const phone = await newPhone(browser, server.url);
    contexts.push(phone);
    const demo = await signIn(phone, session);
    await demo.goto('/order');
    await expect
      .poll(() => demo.locator('.account-stat[data-field=balance] dd').innerText(), { timeout: 15_000 })
      .toBe('5,000.00');
    await keepScreenshot(demo, 'admin-market-phone-demo-balance');

    // The same screens in Traditional Chinese.
    await admin.getByText('繁體中文').click();
    await admin.goto('/admin/instruments');
    await admin.getByRole('heading', { name: '交易商品' }).waitFor();
    await admin.locator('.instruments-table tr', { hasText: 'EURUSD' }).first().waitFor();
    await keepScreenshot(admin, 'admin-instruments-hk');
  });
});
