import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { type RunningServer, startServer } from './support/server';

// Search by name, at a phone's size against the real server: the instrument
// drawer finds gold by "gold" in English, "금" in Korean and "ذهب" in Arabic, through the server's
// searchCurrency (the names live on the server only). Each test has a phone and a page of its own,
// so it holds alone and in any order.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
/** Every searchCurrency this test's page asked the server for. */
let searches: string[] = [];

const GOLD_ROW = '.instrument-row[data-code="XAUUSD"]';

async function setLanguage(target: Page, language: string): Promise<void> {
  await target.evaluate(
    (value) =>
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: value }, version: 1 })),
    language,
  );
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

/** Opens the trade page's instrument drawer in a language, types a search, waits for the rows. */
async function searchInDrawer(language: string, dialogName: string, text: string): Promise<string[]> {
  await setLanguage(page, language);
  // Crypto trades every day, so the page opens on an instrument whose market is open.
  await page.goto('/trade?code=BTCUSDT&period=1M');
  await page.locator('.instrument-header-pick').click();
  const drawer = page.getByRole('dialog', { name: dialogName });
  await drawer.waitFor();
  await settled(page, '.instrument-selector-body');
  await page.locator('.instrument-selector input').fill(text);
  await expect.poll(() => searches).toContain(text);
  await drawer.locator(GOLD_ROW).waitFor();
  return drawer
    .locator('.instrument-row')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code') ?? ''));
}

beforeAll(async () => {
  // A day of minutes is history enough; this test is about the list, not the chart.
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 5 } } });
  browser = await launchBrowser();
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  page = await phone.newPage();
  const asked: string[] = [];
  searches = asked;
  page.on('request', (request) => {
    const url = new URL(request.url());
    const search = url.searchParams.get('searchCurrency');
    if (url.pathname === '/v1/api/forex/trade_list' && search !== null) asked.push(search);
  });
  await page.goto('/');
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('search by name in the browser', () => {
  it('finds gold by "gold" in English', async () => {
    const codes = await searchInDrawer('en', 'Choose an instrument', 'gold');
    expect(codes).toEqual(['XAUUSD']);
    await expect
      .poll(() => page.locator(`${GOLD_ROW} .instrument-name`).first().textContent())
      .toContain('XAU/USD');
    await keepScreenshot(page, 'search-by-name-en-gold');
  });

  it('finds gold by "금" in Korean', async () => {
    const codes = await searchInDrawer('kr', '종목 선택', '금');
    // 백금 (platinum) holds 금 too.
    expect(codes).toContain('XAUUSD');
    await expect.poll(() => page.locator('.instrument-selector').textContent()).toContain('XAU/USD');
    await keepScreenshot(page, 'search-by-name-kr-gold');
  });

  it('finds gold by "ذهب" in Arabic, right to left', async () => {
    const codes = await searchInDrawer('ar', 'اختر أداة', 'ذهب');
    expect(codes).toEqual(['XAUUSD']);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await keepScreenshot(page, 'search-by-name-ar-gold');
  });

  it('opens the chosen instrument', async () => {
    await searchInDrawer('ar', 'اختر أداة', 'ذهب');
    await page.locator(`.instrument-selector ${GOLD_ROW}`).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('code')).toBe('XAUUSD');
  });
});
