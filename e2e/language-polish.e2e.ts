import { randomUUID } from 'node:crypto';
import type { Instrument } from '@meridian/contract/market';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepSettledScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The languages read well at a phone's size: the order card's labels fit in the
// languages with long words, a list ends in the language's own words, Korean keeps its words whole
// and Arabic's chevrons point the way Arabic reads. Each test has a phone, a page and a demo customer
// holding a position of its own.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let page: Page;
let btc: Instrument;

const HOLDING_ROW = '.order-list[data-tab=holding] .order-row';

const openIn = (language: string, path: string) => openInLanguage(page, language, path);
const keepSettled = (name: string) => keepSettledScreenshot(page, name);

/** Each order figure label's text and whether any of it is cut (wider or taller than its box). */
function labelsOfFirstOrder() {
  return page.locator(`${HOLDING_ROW} .order-figure-label`).evaluateAll((labels) =>
    labels.map((label) => ({
      text: label.textContent ?? '',
      cut: label.scrollWidth > label.clientWidth || label.scrollHeight > label.clientHeight,
      width: label.clientWidth,
      ellipsis: getComputedStyle(label).textOverflow === 'ellipsis',
    })),
  );
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  const list = await apiCall<Instrument[]>(server, 'GET', '/v1/api/forex/trade_list');
  const found = list.data.find((instrument) => instrument.Code === 'BTCUSDT');
  if (!found) throw new Error('BTCUSDT is not traded');
  btc = found;
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  // A demo customer holding a position of BTC/USDT (crypto trades every day), bought as the app does.
  const demo = await demoSession(server, `e2e-language-${randomUUID()}`);
  const bought = await apiCall(
    server,
    'POST',
    '/v1/api/forex/submit',
    { type: 1, status: 1, cont: '0.02', forex_id: btc.Id, multiple: btc.HasForexMultiple[0]?.Value ?? 0 },
    demo.token,
  );
  if (bought.code !== 1) throw new Error(`submit: ${bought.msg}`);
  page = await signIn(phone, demo);
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('language polish in the browser', () => {
  const LONG_LABELS: Record<string, { openPrice: string; screenshot?: string }> = {
    spa: { openPrice: 'Precio de apertura', screenshot: 'language-orders-es' },
    pt: { openPrice: 'Preço de abertura', screenshot: 'language-orders-pt' },
    de: { openPrice: 'Eröffnungskurs' },
    ru: { openPrice: 'Цена открытия' },
    fr: { openPrice: "Prix d'ouverture" },
  };

  it.each(Object.entries(LONG_LABELS))(
    'shows the order card labels whole in %s',
    async (language, expected) => {
      await openIn(language, '/order');
      await page.locator(HOLDING_ROW).first().waitFor();
      const labels = await labelsOfFirstOrder();
      expect(labels).toHaveLength(6);
      expect(labels[0]?.text).toBe(expected.openPrice);
      for (const label of labels) {
        expect(label.width, label.text).toBeGreaterThan(0);
        expect(label.cut, `"${label.text}" is cut`).toBe(false);
        expect(label.ellipsis, label.text).toBe(false);
      }
      if (expected.screenshot) await keepSettled(expected.screenshot);
    },
  );

  it('ends the billing history in Spanish words, not "No more"', async () => {
    await openIn('spa', '/mine/history');
    await page.locator('.ledger-row').first().waitFor();
    const end = page.locator('.adm-infinite-scroll');
    await expect.poll(() => end.innerText(), { timeout: 10_000 }).toBe('No hay más elementos');
    expect(await page.getByText('No more', { exact: false }).count()).toBe(0);
    await keepSettled('language-history-es');
  });

  it('keeps Korean words whole in the banner, and leaves Japanese breaking as before', async () => {
    await openIn('kr', '/');
    const banner = page.locator('.restricted-banner');
    await banner.waitFor();
    // Polled: the app's first render replaces the static shell's banner, and a style read from the
    // shell's as it is detached comes back empty.
    await expect
      .poll(() => banner.evaluate((element) => getComputedStyle(element).wordBreak))
      .toBe('keep-all');
    expect(
      await page
        .locator('h1, h2, h3')
        .evaluateAll((heads) => heads.map((head) => getComputedStyle(head).wordBreak)),
    ).not.toContain('normal');
    // Each word of the wrapped notice sits on one line: no word is split between two lines.
    const split = await banner.locator('.restricted-banner-text').evaluate((inner) => {
      const text =
        inner.firstChild?.nodeType === Node.TEXT_NODE
          ? inner.firstChild
          : inner.querySelector('*')?.firstChild;
      if (!text?.textContent) return ['(no text)'];
      const words: string[] = [];
      let start = 0;
      for (const word of text.textContent.split(' ')) {
        const range = document.createRange();
        range.setStart(text, start);
        range.setEnd(text, start + word.length);
        const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
        if (lines.size > 1) words.push(word);
        start += word.length + 1;
      }
      return words;
    });
    expect(split).toEqual([]);
    // Long enough to wrap at 390 px, so the check above means something. Polled, as the style above:
    // read from the shell's banner as the app's first render detaches it, the height comes back 0.
    await expect
      .poll(() => banner.evaluate((element) => element.getBoundingClientRect().height))
      .toBeGreaterThan(40);
    await keepSettled('language-home-ko');

    await openIn('jp', '/');
    await page.locator('.restricted-banner').waitFor();
    // Polled as above: the shell's banner may be the one read as the app replaces it.
    await expect
      .poll(() =>
        page.locator('.restricted-banner').evaluate((element) => getComputedStyle(element).wordBreak),
      )
      .toBe('normal');
  });

  it('mirrors the chevrons in Arabic: billing history, back button and list rows', async () => {
    await openIn('ar', '/order');
    const link = page.locator('.account-summary-link');
    await link.waitFor();
    const chevron = link.locator('svg');
    expect(await chevron.evaluate((icon) => getComputedStyle(icon).transform)).toBe(
      'matrix(-1, 0, 0, 1, 0, 0)',
    );
    // Read right to left, the chevron comes after the words: on their left, pointing left.
    const words = await link.evaluate((button) => {
      const range = document.createRange();
      range.selectNodeContents(button.firstChild as Node);
      return range.getBoundingClientRect();
    });
    const icon = await chevron.boundingBox();
    expect(icon && icon.x + icon.width <= words.left + 1).toBe(true);
    await keepSettled('language-orders-ar');

    await link.click();
    await page.waitForURL((url) => url.pathname === '/mine/history');
    const back = page.locator('.page-nav .adm-nav-bar-back-arrow svg');
    await back.waitFor();
    expect(await back.evaluate((icon) => getComputedStyle(icon).transform)).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    // The back arrow's own box must not be mirrored too, or the two turns would cancel.
    expect(
      await page
        .locator('.page-nav .adm-nav-bar-back-arrow')
        .evaluate((box) => getComputedStyle(box).transform),
    ).toBe('none');

    await openIn('ar', '/user');
    const rowArrows = page.locator('.adm-list-item-content-arrow svg');
    await rowArrows.first().waitFor();
    const transforms = await rowArrows.evaluateAll((icons) =>
      icons.map((icon) => getComputedStyle(icon).transform),
    );
    expect(new Set(transforms)).toEqual(new Set(['matrix(-1, 0, 0, 1, 0, 0)']));
    await keepSettled('language-center-ar');

    // And in English they point right, as before.
    await openIn('en', '/order');
    await page.locator('.account-summary-link svg').waitFor();
    expect(
      await page.locator('.account-summary-link svg').evaluate((icon) => getComputedStyle(icon).transform),
    ).toBe('none');
  });
});
