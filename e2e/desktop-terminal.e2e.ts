import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo, openBtcOrder, tradeCall, visitorPage } from './support/trading-setup';

// The desktop terminal at 1440x900 and 1024x768 against the real server and its live
// feed: quotes, chart, order ticket and positions on one screen; a buy from the ticket with Enter
// that shows in the positions below without leaving the page; Esc closing a dialog; the personal
// center, copy trading and ranking full width under the top navigation; Arabic mirrored; and a
// phone (390x844) that still gets the phone layout. Each test opens its own window (a browser
// context of its own) with its own demo customer, and opens over HTTP the position it needs:
// it holds alone and in any order.
let server: RunningServer;
let browser: Browser;
/** The windows this test opened, closed after it. */
let windows: BrowserContext[] = [];

const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
const HOLDING_ROW = '.terminal-orders .order-list[data-tab=holding] .order-row';
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

/** A desktop browser window (mouse and keyboard, no touch) of the given size. */
async function newDesktop(width: number, height: number): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport: { width, height },
    deviceScaleFactor: 1,
    locale: 'en-US',
  });
  windows.push(context);
  return context;
}

/** A new demo customer, holding a BTC/USDT position opened over HTTP when `holding`. */
async function customer({ holding }: { holding: boolean }): Promise<SessionData> {
  const session = await freshDemo(server, 'desktop');
  if (holding) await openBtcOrder(server, session);
  return session;
}

/** The terminal of a desktop window of this size, with `session` signed in, in `language`. */
async function terminalOf(
  session: SessionData,
  { width = 1440, height = 900, language = 'en' } = {},
): Promise<Page> {
  const target = await signIn(await newDesktop(width, height), session, language);
  await target.goto(TRADE_PATH);
  await target.locator('.terminal-ticket .order-form').waitFor();
  return target;
}

/** A screenshot once toasts have gone and the chart has drawn, so it shows the screen itself. */
async function keepSettled(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await target.mouse.move(1, 1);
  await keepScreenshot(target, name);
}

/**
 * The four panels are on one screen, inside the window, in the terminal's order: quotes beside the
 * chart, the ticket beside the chart on the other side, the orders under the chart.
 */
async function expectTerminalLayout(target: Page, { rtl }: { rtl: boolean }) {
  const viewport = target.viewportSize() ?? { width: 0, height: 0 };
  const quotes = await boxOf(target.locator('.terminal-quotes'));
  const chart = await boxOf(target.locator('.terminal-chart'));
  const ticket = await boxOf(target.locator('.terminal-ticket'));
  const orders = await boxOf(target.locator('.terminal-orders'));
  for (const box of [quotes, chart, ticket, orders]) {
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
    expect(box.height).toBeGreaterThan(150);
  }
  const [start, end] = rtl ? [ticket, quotes] : [quotes, ticket];
  expect(start.x + start.width).toBeLessThanOrEqual(chart.x);
  expect(chart.x + chart.width).toBeLessThanOrEqual(end.x);
  expect(orders.y).toBeGreaterThanOrEqual(chart.y + chart.height);
  // The orders take the chart's column.
  expect(Math.abs(orders.x - chart.x)).toBeLessThan(2);
  expect(Math.abs(orders.width - chart.width)).toBeLessThan(2);
  // The chart draws across its panel.
  const canvas = await boxOf(target.locator('.terminal-chart .kline-canvas-frame'));
  expect(canvas.width).toBeGreaterThan(chart.width - 4);
  expect(canvas.height).toBeGreaterThan(150);
  return { quotes, chart, ticket, orders };
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of windows) await context.close();
  windows = [];
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the desktop terminal', () => {
  it('shows a visitor the quotes list, the chart and where to log in, under the top navigation', async () => {
    const page = await visitorPage(await newDesktop(1440, 900));
    await page.goto('/');
    await page.locator('.desktop-nav').waitFor();
    await page.locator('.instrument-row').first().waitFor();
    expect(await page.locator('.app-tab-bar').count()).toBe(0);
    await keepSettled(page, 'desktop-1440-home');

    await page.locator('.desktop-nav-link[data-path="/trade"]').click();
    await page.waitForURL((url) => url.pathname === '/trade');
    await page.goto(TRADE_PATH);
    await page.locator('.terminal-quotes .instrument-row').first().waitFor();
    await page.locator('[data-testid=terminal-sign-in]').waitFor();
    await page
      .locator('.terminal-ticket .desktop-nav-login, .terminal-ticket .terminal-button.is-primary')
      .click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.locator('.demo-entry button').click();
    await page.waitForURL((url) => url.pathname === '/trade');
    expect(new URL(page.url()).searchParams.get('code')).toBe('BTCUSDT');
  });

  it('puts quotes, chart, ticket and positions side by side on one 1440x900 screen, the chart over 600 px wide', async () => {
    const page = await terminalOf(await customer({ holding: false }));
    await page.locator('.terminal-orders .order-tabs').waitFor();
    await page.locator('.terminal-chart .kline-canvas canvas').first().waitFor();
    const { chart } = await expectTerminalLayout(page, { rtl: false });
    expect(chart.width).toBeGreaterThan(600);
    expect(await page.locator('.app-tab-bar').count()).toBe(0);
    expect(await page.locator('[data-testid=order-action-bar]').count()).toBe(0);
    expect(
      await page.locator('.terminal-quotes .instrument-row[data-code=BTCUSDT]').getAttribute('aria-current'),
    ).toBe('true');
    // The instrument on screen, far down the list, is brought into the panel's view.
    const current = await boxOf(page.locator('.terminal-quotes .instrument-row[data-code=BTCUSDT]'));
    const quotes = await boxOf(page.locator('.terminal-quotes'));
    expect(current.y).toBeGreaterThanOrEqual(quotes.y);
    expect(current.y + current.height).toBeLessThanOrEqual(quotes.y + quotes.height);
    await keepSettled(page, 'desktop-1440-trade');
  });

  it('buys from the ticket with Enter, and the position appears in the holdings below without navigation', async () => {
    const page = await terminalOf(await customer({ holding: false }));
    const ticket = page.locator('.terminal-ticket');
    await ticket.locator('.leverage-option[data-leverage="10"]').click();
    const lots = ticket.locator('.lots-input input');
    await lots.fill('0.02');
    await lots.press('Enter');
    const toast = page.locator('.adm-toast-main').last();
    await toast.waitFor();
    expect(plain(await toast.innerText())).toMatch(/Bought 0\.02 lots of BTC\/USDT at [\d,]+\.\d{2}/);
    const row = page.locator(HOLDING_ROW).first();
    await row.waitFor();
    expect(await row.locator('.order-row-code').innerText()).toBe('BTC/USDT');
    // A line of the positions table: lots and leverage in their column, under the column heads.
    expect(plain(await row.locator('.order-row-size').innerText())).toBe('0.02 · 10x');
    expect(await page.locator('.terminal-orders .order-table-head').innerText()).toMatch(
      /Instrument\s+Direction\s+Lots\s+Open price\s+Current price\s+SL \/ TP\s+P\/L \(USDT\)\s+Actions/,
    );
    expect((await boxOf(row)).height).toBeLessThan(60);
    // Each figure sits under its head.
    for (const column of ['lots', 'open', 'current', 'profit']) {
      const head = await boxOf(page.locator(`.terminal-orders .order-table-head [data-column=${column}]`));
      const cell = await boxOf(row.locator(`.order-table-cell[data-column=${column}]`));
      expect(Math.abs(head.x - cell.x) + Math.abs(head.width - cell.width)).toBeLessThan(1);
    }
    expect(new URL(page.url()).pathname).toBe('/trade');
    // The ticket stays open for the next order.
    expect(await ticket.locator('.order-form').count()).toBe(1);
    await keepSettled(page, 'desktop-1440-trade-position');
  });

  it('closes a dialog with Esc: the order detail, and a close confirmation (the position stays)', async () => {
    const page = await terminalOf(await customer({ holding: true }));
    await page.locator(HOLDING_ROW).first().waitFor();
    await page.locator(`${HOLDING_ROW} .order-row-main`).first().click();
    const detail = page.locator('.order-detail-popup .adm-popup-body');
    await expect.poll(() => detail.isVisible()).toBe(true);
    await keepScreenshot(page, 'desktop-1440-order-detail');
    await page.keyboard.press('Escape');
    await expect.poll(() => detail.isVisible()).toBe(false);

    await page.locator(`${HOLDING_ROW} [data-action=close]`).first().click();
    const confirm = page.locator('.adm-dialog-body:visible');
    await confirm.waitFor();
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.adm-dialog-body:visible').count()).toBe(0);
    expect(await page.locator(HOLDING_ROW).count()).toBe(1);
  });

  it('follows the screen with Tab: quotes, then chart, then ticket, then orders', async () => {
    // A customer holding a position: its line in the orders panel has buttons too.
    const page = await terminalOf(await customer({ holding: true }));
    await page.locator(HOLDING_ROW).first().waitFor();
    const order = await page.evaluate(() => {
      const panels = ['.terminal-quotes', '.terminal-chart', '.terminal-ticket', '.terminal-orders'];
      const focusable = [
        ...document.querySelectorAll<HTMLElement>(
          '.trade-terminal button, .trade-terminal input, .trade-terminal a',
        ),
      ].filter((element) => element.tabIndex >= 0 && element.offsetParent !== null);
      return focusable.map((element) => panels.findIndex((panel) => element.closest(panel)));
    });
    expect(order.length).toBeGreaterThan(10);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    // The keyboard reaches the ticket's buttons from the chart.
    await page.locator('.terminal-chart .period-button').last().focus();
    for (let step = 0; step < 3; step++) await page.keyboard.press('Tab');
    expect(await page.evaluate(() => Boolean(document.activeElement?.closest('.terminal-ticket')))).toBe(
      true,
    );
  });

  it('shows the personal center, copy trading and ranking full width under the same navigation', async () => {
    const page = await terminalOf(await customer({ holding: false }));
    await page.locator('.desktop-nav-account').click();
    await page.waitForURL((url) => url.pathname === '/user');
    await page.locator('.personal-center, .account-card').first().waitFor();
    const body = await boxOf(page.locator('.app-column .page:visible > .page-body').first());
    expect(body.width).toBeGreaterThan(900);
    expect(await page.locator('.desktop-nav').isVisible()).toBe(true);
    expect(await page.locator('.app-tab-bar').count()).toBe(0);
    await keepSettled(page, 'desktop-1440-user');

    await page.locator('.desktop-nav-link[data-path="/copy"]').click();
    await page.waitForURL((url) => url.pathname === '/copy');
    await expect
      .poll(() => page.locator('.desktop-nav-link[data-path="/copy"]').getAttribute('aria-current'))
      .toBe('page');
    await page.locator('.copy-tabs').waitFor();
    await keepSettled(page, 'desktop-1440-copy');

    await page.locator('.desktop-nav-link[data-path="/rank"]').click();
    await page.waitForURL((url) => url.pathname === '/rank');
    await page.locator('.rank-row').first().waitFor();
    const rank = await boxOf(page.locator('.app-column .page:visible > .page-body').first());
    expect(rank.width).toBeGreaterThan(900);
    await keepSettled(page, 'desktop-1440-rank');
  });

  it('mirrors the terminal in Arabic: the quotes list on the right', async () => {
    const arabic = await terminalOf(await customer({ holding: true }), { language: 'ar' });
    await arabic.locator('.terminal-quotes .instrument-row').first().waitFor();
    expect(await arabic.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const { quotes, chart } = await expectTerminalLayout(arabic, { rtl: true });
    expect(quotes.x).toBeGreaterThan(chart.x + chart.width - 1);
    // The customer's position is in the table: no heading runs out of its column (Arabic's are
    // the longest; they wrap instead).
    await arabic.locator(HOLDING_ROW).first().waitFor();
    await arabic.locator('.terminal-orders .order-table-head').waitFor();
    const overflowing = await arabic
      .locator('.terminal-orders .order-table-head .order-table-cell')
      .evaluateAll((cells) =>
        cells.filter((cell) => cell.scrollWidth > cell.clientWidth + 1).map((cell) => cell.textContent),
      );
    expect(overflowing).toEqual([]);
    await keepSettled(arabic, 'desktop-1440-trade-ar');
  });

  it('fits the terminal on a 1024x768 screen', async () => {
    const target = await terminalOf(await customer({ holding: true }), { width: 1024, height: 768 });
    await target.locator(HOLDING_ROW).first().waitFor();
    await target.locator('.terminal-chart .kline-canvas canvas').first().waitFor();
    const { chart, orders } = await expectTerminalLayout(target, { rtl: false });
    expect(chart.width).toBeGreaterThan(380);
    // The positions table fits its panel: the last action of a line is inside it, not cut off.
    const close = await boxOf(target.locator(`${HOLDING_ROW} [data-action=close]`).first());
    expect(close.x + close.width).toBeLessThanOrEqual(orders.x + orders.width);
    expect(await target.locator('.app-tab-bar').count()).toBe(0);
    await keepSettled(target, 'desktop-1024-trade');
  });

  it('leaves the phone layout as it was at 390x844: the tab bar and order bar, no desktop panels', async () => {
    const phone = await newPhone(browser, server.url);
    windows.push(phone);
    const target = await visitorPage(phone);
    await target.goto(TRADE_PATH);
    await target.locator('[data-testid=order-action-bar]').waitFor();
    expect(await target.locator('.app-tab-bar').isVisible()).toBe(true);
    expect(await target.locator('.trade-terminal').count()).toBe(0);
    expect(await target.locator('.desktop-nav').count()).toBe(0);
    const column = await boxOf(target.locator('.app-column'));
    expect(column.width).toBe(390);
    await keepSettled(target, 'desktop-phone-390-trade');
  });
});

// The desktop at 1024x768, 1440x900 and 1920x1080, in English and Arabic, measured.
const SIZES = [
  { width: 1024, height: 768 },
  { width: 1440, height: 900 },
  { width: 1920, height: 1080 },
] as const;
const LANGUAGES = ['en', 'ar'] as const;

/** Whether two boxes share any area (touching edges do not count). */
function overlaps(a: Box, b: Box): boolean {
  return (
    a.x < b.x + b.width - 0.5 &&
    b.x < a.x + a.width - 0.5 &&
    a.y < b.y + b.height - 0.5 &&
    b.y < a.y + a.height - 0.5
  );
}

/** A demo customer holding `count` BTC/USDT positions, each with a stop-loss and a take-profit. */
async function customerWithStops(count: number): Promise<SessionData> {
  const session = await freshDemo(server, 'desktop-stops');
  for (let index = 0; index < count; index++) {
    const order = await openBtcOrder(server, session, { lots: '0.01', leverage: 10 });
    await tradeCall(server, session, '/v1/api/forex/set_stop_price', {
      id: order.Id,
      target_profit_price: String(Math.ceil(Number(order.Price) * 1.05)),
      stop_loss_price: String(Math.floor(Number(order.Price) * 0.95)),
    });
  }
  return session;
}

describe('the desktop at three sizes, in English and Arabic (issue 26 item 10)', () => {
  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`keeps the terminal apart at ${size.width}x${size.height} in ${language}: no overlap, chart ≥ 45 %, several positions`, async () => {
        const page = await terminalOf(await customerWithStops(3), { ...size, language });
        await expect.poll(() => page.locator(HOLDING_ROW).count()).toBe(3);
        await page.locator('.terminal-chart .kline-canvas canvas').first().waitFor();
        // The chart keeps at least 45 % of the width.
        const chart = await boxOf(page.locator('.terminal-chart'));
        expect(chart.width / size.width).toBeGreaterThanOrEqual(0.45);
        // Several positions show whole inside the positions panel.
        const orders = await boxOf(page.locator('.terminal-orders'));
        const rows = await page.locator(HOLDING_ROW).evaluateAll((elements) =>
          elements.map((element) => {
            const box = element.getBoundingClientRect();
            return { y: box.y, bottom: box.bottom };
          }),
        );
        const whole = rows.filter((row) => row.y >= orders.y && row.bottom <= orders.y + orders.height + 0.5);
        await keepSettled(page, `desktop-${size.width}-terminal-${language}`);
        expect(whole.length).toBeGreaterThanOrEqual(3);
        // In each line no figure runs into another: SL/TP, P/L and the rest each inside their cell.
        const row = page.locator(HOLDING_ROW).first();
        const stops = row.locator('[data-field=stops]');
        const profit = row.locator('.order-row-profit');
        if (await stops.isVisible()) {
          expect(overlaps(await boxOf(stops), await boxOf(profit))).toBe(false);
          expect(plain(await stops.innerText())).toMatch(/^[\d,.]+\s*(\/\s*)?[\d,.]+$/);
        }
        const spilling = await row.locator('.order-table-cell').evaluateAll((cells) =>
          cells
            .filter((cell) => getComputedStyle(cell).display !== 'none')
            .filter((cell) => {
              const box = cell.getBoundingClientRect();
              return [...cell.querySelectorAll<HTMLElement>('bdi, .order-row-profit, button')].some(
                (child) => {
                  const inner = child.getBoundingClientRect();
                  return inner.width > 0 && (inner.left < box.left - 0.5 || inner.right > box.right + 0.5);
                },
              );
            })
            .map((cell) => cell.getAttribute('data-column')),
        );
        expect(spilling).toEqual([]);
      });
    }
  }

  it('folds the quotes list at 1024 px into a rail that opens it', async () => {
    const page = await terminalOf(await customer({ holding: false }), { width: 1024, height: 768 });
    const quotes = await boxOf(page.locator('.terminal-quotes'));
    expect(quotes.width).toBeLessThan(60);
    expect(await page.locator('.terminal-quotes .instrument-row').first().isVisible()).toBe(false);
    const toggle = page.locator('.terminal-quotes-toggle');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const eth = page.locator('.terminal-quotes .instrument-row[data-code=ETHUSDT]');
    await expect.poll(() => eth.isVisible()).toBe(true);
    // Open, it lies over the chart, beside the rail.
    const list = await boxOf(page.locator('.terminal-quotes-body'));
    expect(list.width).toBeGreaterThan(250);
    await keepSettled(page, 'desktop-1024-quotes-open');
    await eth.click();
    await page.waitForURL((url) => url.searchParams.get('code') === 'ETHUSDT');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await eth.isVisible()).toBe(false);
    // Wide enough, the list is there without the rail.
    const wide = await terminalOf(await customer({ holding: false }), { width: 1440, height: 900 });
    expect(await wide.locator('.terminal-quotes-toggle').isVisible()).toBe(false);
    expect(await wide.locator('.terminal-quotes .instrument-row').first().isVisible()).toBe(true);
  });

  for (const size of SIZES) {
    for (const language of LANGUAGES) {
      it(`lists the home quotes as a table at ${size.width}x${size.height} in ${language}`, async () => {
        const page = await visitorPage(await newDesktop(size.width, size.height), language);
        await page.goto('/');
        const row = page.locator('.market-list.is-table .instrument-row[data-code=BTCUSDT]');
        await row.waitFor();
        const head = page.locator('.market-list.is-table .market-columns');
        for (const column of ['bid', 'ask', 'spread', 'change', 'high', 'low']) {
          const cell = row.locator(`.instrument-cell[data-column=${column}]`);
          expect(plain(await cell.innerText())).toMatch(/^[+-]?[\d,.٠-٩٫٬]+%?$/);
          // Each figure sits under its title, aligned to the same end (the left in Arabic): the
          // drawn text of both, not their boxes, is measured.
          const [title, figure] = await Promise.all(
            [head.locator(`[data-column=${column}]`), cell].map((locator) =>
              locator.evaluate((element) => {
                const range = document.createRange();
                range.selectNodeContents(element);
                const box = range.getBoundingClientRect();
                return { left: box.left, right: box.right };
              }),
            ),
          );
          const end = (box: { left: number; right: number } | undefined) =>
            (language === 'ar' ? box?.left : box?.right) ?? Number.NaN;
          expect(Math.abs(end(title) - end(figure))).toBeLessThan(2);
        }
        // Ask above bid: the spread is positive.
        const spread = Number(plain(await row.locator('[data-column=spread]').innerText()).replace(/,/g, ''));
        if (language === 'en') expect(spread).toBeGreaterThan(0);
        // One language picker on the page.
        expect(await page.locator('.language-switch:visible').count()).toBe(1);
        await keepSettled(page, `desktop-${size.width}-home-${language}`);
      });
    }
  }

  it('keeps forms at a readable width at 1920 px and shows one language picker', async () => {
    const session = await registerByEmail(server, `wide.${Date.now()}@example.com`);
    const visitor = await visitorPage(await newDesktop(1920, 1080));
    for (const path of ['/login', '/register']) {
      await visitor.goto(path);
      const form = visitor.locator('.auth-form');
      await form.waitFor();
      expect((await boxOf(form)).width).toBeLessThanOrEqual(480);
      await expect.poll(() => visitor.locator('.language-switch:visible').count()).toBe(1);
      await keepSettled(visitor, `desktop-1920-form${path.replace('/', '-')}`);
    }
    const signedIn = await signIn(await newDesktop(1920, 1080), session);
    await signedIn.goto('/mine/charge');
    const body = signedIn.locator('.funds-page > .page-body');
    await body.waitFor();
    expect((await boxOf(body)).width).toBeLessThanOrEqual(640);
    await keepSettled(signedIn, 'desktop-1920-form-charge');
  });
});
