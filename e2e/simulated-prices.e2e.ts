import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { allowRealTradingOnSimulatedPrices } from '../apps/server/test/simulated-prices';
import { keepScreenshot, launchBrowser, newPhone, SCREENSHOT_DIR } from './support/browser';
import { registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Honest labels: with the simulator as the feed, a phone shows "Simulated prices"
// in the header of the tab pages, under the brand on home and in the order sheet, in every language
// within 390 px and without moving anything; a real customer's order is refused with the message.
let server: RunningServer;
let browser: Browser;
let contexts: BrowserContext[] = [];
let customers = 0;

const LABEL = '[data-testid=price-source-label]';
const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
const LANGUAGES = ['en', 'ar', 'de', 'th', 'ru', 'fr', 'spa', 'pt', 'it', 'id', 'tr', 'vn', 'jp', 'kr', 'hk'];

/** The label's text in `language`, as the app's language file has it. */
function labelText(language: string): string {
  const file = new URL(`../apps/web/src/locales/${language}.json`, import.meta.url);
  const texts = JSON.parse(readFileSync(file, 'utf8')) as { live: { simulatedPrices: string } };
  return texts.live.simulatedPrices;
}

/**
 * Sums the layout shifts of everything in the header bars and the order sheet's head: what the
 * label could push when it appears (the rule of e2e/live-state.e2e.ts: nothing moves).
 */
async function watchHeaderShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shifts = { header: 0 };
    (window as unknown as { headerShifts: typeof shifts }).headerShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const inHeader = (entry.sources ?? []).some((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          return Boolean(element?.closest('.page-nav, .order-sheet-head'));
        });
        if (inHeader) shifts.header += entry.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

const headerShift = (page: Page) =>
  page.evaluate(() => (window as unknown as { headerShifts: { header: number } }).headerShifts.header);

async function realCustomer(): Promise<SessionData> {
  customers += 1;
  return registerByEmail(server, `honest-${process.pid}-${Date.now()}-${customers}@example.com`);
}

async function phoneIn(language: string, session: SessionData): Promise<Page> {
  const context = await newPhone(browser, server.url);
  contexts.push(context);
  await watchHeaderShifts(context);
  return signIn(context, session, language);
}

/** The top of the screen (the header bar), kept for people to look at the label at its real size. */
async function keepHeaderShot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: path.join(SCREENSHOT_DIR, `${name}.png`),
    clip: { x: 0, y: 0, width: 390, height: 120 },
  });
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The label shows `text`, whole (not cut), inside the 390 px screen and inside `container`. */
async function expectLabelIn(page: Page, container: string, text: string): Promise<Box> {
  const label = page.locator(`${container} ${LABEL}`);
  await expect.poll(() => label.isVisible()).toBe(true);
  expect((await label.innerText()).replace(/\s+/g, ' ').trim()).toBe(text);
  const box = await boxOf(page, `${container} ${LABEL}`);
  const outer = await boxOf(page, container);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(box.y).toBeGreaterThanOrEqual(outer.y - 0.5);
  expect(box.y + box.height).toBeLessThanOrEqual(outer.y + outer.height + 0.5);
  // Whole: its text is not clipped by its own box.
  const sizes = await label.evaluate((element) => ({
    scrollWidth: element.scrollWidth,
    clientWidth: element.clientWidth,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
  }));
  expect(sizes.scrollWidth, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.clientWidth + 1);
  expect(sizes.scrollHeight, JSON.stringify(sizes)).toBeLessThanOrEqual(sizes.clientHeight + 1);
  return box;
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  // The installation's default: real accounts do not trade on simulated prices.
  await allowRealTradingOnSimulatedPrices(server.app, server.database.db, false);
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of contexts) await context.close();
  contexts = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the simulated-prices label on a phone', () => {
  it('says "Simulated prices" in English', () => {
    expect(labelText('en')).toBe('Simulated prices');
  });

  for (const language of LANGUAGES) {
    it(`shows in the trade page's header and order sheet, and under home's brand, in ${language}`, async () => {
      const text = labelText(language);
      const page = await phoneIn(language, await realCustomer());
      await page.goto(TRADE_PATH);
      await page.locator(`.trade-page ${LABEL}`).waitFor();
      const label = await expectLabelIn(page, '.trade-page .page-nav', text);
      // Beside the title and the header's buttons, over none of them.
      expect(overlaps(label, await boxOf(page, '.trade-page .page-nav .adm-nav-bar-title'))).toBe(false);
      expect(overlaps(label, await boxOf(page, '.trade-page .header-avatar'))).toBe(false);
      if (['en', 'ar', 'de', 'th', 'ru'].includes(language))
        await keepHeaderShot(page, `simulated-prices-trade-${language}`);

      await page.locator('.order-action[data-side=buy]').click();
      await page.locator('.order-form').waitFor();
      const inSheet = await expectLabelIn(page, '.order-sheet-head', text);
      expect(overlaps(inSheet, await boxOf(page, '.order-sheet-title'))).toBe(false);
      expect(overlaps(inSheet, await boxOf(page, '.order-sheet-head .header-button'))).toBe(false);
      if (language === 'en' || language === 'ar')
        await keepScreenshot(page, `simulated-prices-sheet-${language}`);
      await page.locator('.order-sheet-head .header-button').click();
      await expect.poll(() => page.locator('.order-form').count()).toBe(0);

      await page.locator('.adm-tab-bar-item').first().click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.locator(`.home-page ${LABEL}`).waitFor();
      if (['en', 'ar', 'de', 'th', 'ru'].includes(language))
        await keepHeaderShot(page, `simulated-prices-home-${language}`);
      const onHome = await expectLabelIn(page, '.home-page .page-nav', text);
      // Under the name, clear of it.
      const name = await boxOf(page, '.home-page .home-brand-name');
      expect(onHome.y).toBeGreaterThanOrEqual(name.y + name.height - 1);
    });
  }

  for (const language of ['en', 'ar']) {
    it(`moves nothing when it appears, in ${language}`, async () => {
      const page = await phoneIn(language, await realCustomer());
      // The base settings (which carry the source) are held back until the page is drawn.
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/basicSet/getBasicInfo*', async (route) => {
        await released;
        await route.continue();
      });
      await page.goto(TRADE_PATH);
      const watched = ['.trade-page .adm-nav-bar-title', '.trade-page .header-avatar', '.instrument-header'];
      for (const selector of watched) await page.locator(selector).first().waitFor();
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      expect(await page.locator(LABEL).count()).toBe(0);
      const before = await Promise.all(watched.map((selector) => boxOf(page, selector)));
      const shiftBefore = await headerShift(page);
      release();
      await page.locator(`.trade-page ${LABEL}`).waitFor();
      expect(await Promise.all(watched.map((selector) => boxOf(page, selector)))).toEqual(before);
      expect((await headerShift(page)) - shiftBefore).toBeLessThan(0.001);
    });
  }

  it("refuses a real customer's order on simulated prices with the message", async () => {
    const page = await phoneIn('en', await realCustomer());
    await page.goto(TRADE_PATH);
    await page.locator('.order-action[data-side=buy]').click();
    await page.locator('.order-form').waitFor();
    await page.locator('.order-submit').click();
    const toast = page.locator('.adm-toast-main').last();
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Real accounts cannot trade on simulated prices.');
    await keepScreenshot(page, 'simulated-prices-refused-en');
  });
});
