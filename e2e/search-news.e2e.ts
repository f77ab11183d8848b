import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepSettledScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { staffCall } from './support/funds';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// Home search and news in the reader's language, at a phone's size against the real server.
// Home's magnifier opens a search of instruments (as the trade drawer finds them: by name in the
// reader's language, through the server) and companies, in two sections, in Spanish and Arabic; a
// found instrument opens its trade page. News in Arabic: a story with no Arabic version is shown in
// its default language (English, left to right) with a note in Arabic; a translated story reads in
// Arabic, right to left.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let page: Page;

const instruments = (target: Page) => target.locator('.search-section[data-section="instruments"]');
const companies = (target: Page) => target.locator('.search-section[data-section="companies"]');
const GOLD_ROW = '.instrument-row[data-code="XAUUSD"]';

/** Opens home in a language and taps its magnifier. */
async function openSearch(language: string, buttonName: string): Promise<void> {
  await openInLanguage(page, language, '/');
  await page.getByRole('button', { name: buttonName, exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/product');
  await page.locator('.product-search-bar input').waitFor();
}

async function search(text: string): Promise<void> {
  await page.locator('.product-search-bar input').fill(text);
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 5 } } });
  browser = await launchBrowser();
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  page = await phone.newPage();
  await page.goto('/');
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('home search: instruments and companies (390x844)', () => {
  it('finds gold by its Spanish name in the instruments section, and says so where nothing matches', async () => {
    await openSearch('spa', 'Buscar');
    // Before typing: what can be searched, and the companies.
    expect(await instruments(page).locator('h2').innerText()).toBe('Instrumentos');
    expect(await companies(page).locator('h2').innerText()).toBe('Empresas');
    await expect
      .poll(() => instruments(page).innerText())
      .toContain('Encuentre un instrumento por su nombre, un apodo o su código, en cualquier idioma.');
    await expect.poll(() => companies(page).locator('.company-list .adm-list-item').count()).toBe(5);

    await search('oro');
    await instruments(page).locator(GOLD_ROW).waitFor();
    expect(
      await instruments(page)
        .locator('.instrument-row')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-code'))),
    ).toEqual(['XAUUSD']);
    await expect
      .poll(() => companies(page).innerText())
      .toContain('Ninguna empresa coincide con su búsqueda.');
    await keepSettledScreenshot(page, 'search-spa-gold');

    // A company's name finds companies and no instrument.
    await search('asia');
    await expect
      .poll(() => instruments(page).innerText())
      .toContain('Ningún instrumento coincide con su búsqueda.');
    await expect
      .poll(() => companies(page).locator('.company-list .adm-list-item').allInnerTexts())
      .toEqual([expect.stringContaining('Meridian Asia Pacific')]);
    await keepSettledScreenshot(page, 'search-spa-company');
  });

  it('finds gold by "ذهب" in Arabic, right to left, and opens its trade page', async () => {
    await openSearch('ar', 'بحث');
    await search('ذهب');
    await instruments(page).locator(GOLD_ROW).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await instruments(page).locator('h2').innerText()).toBe('الأدوات');
    await keepSettledScreenshot(page, 'search-ar-gold');
    await instruments(page).locator(GOLD_ROW).click();
    await page.waitForURL((url) => url.pathname === '/trade');
    expect(new URL(page.url()).searchParams.get('code')).toBe('XAUUSD');
  });
});

describe('news in the reader language (ar, 390x844)', () => {
  const ARABIC_TITLE = 'الذهب يسجل مستوى قياسيا جديدا';
  let arabicId = 0;

  beforeAll(async () => {
    const token = await enrolledStaffToken(server, {
      email: `content.${Date.now()}@meridian.test`,
      role: 'content',
      name: 'Cleo Content',
    });
    const shared = { category_id: 1, logo: '/api/content/art/markets.svg' };
    const english = await staffCall<{ slug: string }>(server, token, 'POST', '/admin/api/content/news/save', {
      ...shared,
      language: 'en',
      title: 'Gold sets a new record',
      desc: 'Metals rallied as the dollar weakened.',
      content: '<p>Gold rose to a record on Tuesday.</p>',
    });
    const arabic = await staffCall<{ id: number }>(server, token, 'POST', '/admin/api/content/news/save', {
      ...shared,
      slug: english.slug,
      language: 'ar',
      title: ARABIC_TITLE,
      desc: 'ارتفعت المعادن مع ضعف الدولار.',
      content: '<p>ارتفع الذهب إلى مستوى قياسي يوم الثلاثاء.</p>',
    });
    arabicId = arabic.id;
    await staffCall(server, token, 'POST', '/admin/api/content/news/publish', {
      slug: english.slug,
      published: 'true',
    });
  });

  it('shows a translated story in Arabic, right to left, and an English one left to right with a note', async () => {
    await openInLanguage(page, 'ar', '/news');
    const translated = page.locator('.news-row', { hasText: ARABIC_TITLE });
    await translated.waitFor();
    expect(await translated.getAttribute('dir')).toBe('rtl');
    expect(await translated.locator('.news-language-note').count()).toBe(0);
    // A seeded story has no Arabic version: its default (English) reads left to right, noted in Arabic.
    const english = page.locator('.news-row', { hasText: 'Fed holds rates' });
    expect(await english.getAttribute('dir')).toBe('ltr');
    expect(await english.getAttribute('lang')).toBe('en');
    const note = english.locator('.news-language-note');
    expect(await note.innerText()).toBe('غير متوفر بلغتك');
    expect(await note.getAttribute('dir')).toBe('rtl');
    await keepSettledScreenshot(page, 'news-ar-list');

    await english.click();
    await page.waitForURL((url) => url.pathname === '/news/detail');
    const article = page.locator('.news-article');
    await expect.poll(() => article.locator('.news-article-title').innerText()).toContain('Fed holds rates');
    expect(await article.getAttribute('dir')).toBe('ltr');
    expect(await article.locator('.news-language-note').innerText()).toBe('غير متوفر بلغتك');
    // The page around the story stays Arabic.
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await keepSettledScreenshot(page, 'news-ar-english-story');

    await page.goto(`/news/detail?id=${arabicId}`);
    await expect.poll(() => article.locator('.news-article-title').innerText()).toBe(ARABIC_TITLE);
    expect(await article.getAttribute('dir')).toBe('rtl');
    expect(await article.getAttribute('lang')).toBe('ar');
    expect(await article.locator('.news-language-note').count()).toBe(0);
    await keepSettledScreenshot(page, 'news-ar-arabic-story');
  });
});
