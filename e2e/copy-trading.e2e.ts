import { randomUUID } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import type { CopyOrderList, Follow } from '@meridian/contract/copy';
import type { Instrument } from '@meridian/contract/market';
import type { Order } from '@meridian/contract/trading';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone, SCREENSHOT_DIR } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Copy trading at a phone's size, against the real server with its live feed. Trader A is made over
// HTTP (a demo account listed as "Alpha Desk", with one closed BTC/USDT order so it is ranked); in the
// browser a visitor finds A on /rank, opens the profile, logs in with a demo account from the Follow
// button and copies A by amount (1,000 USDT, copy stop-loss 50 %). A's next market order is then
// copied into B's account: B sees it in /copy and in /order, stops copying with the copies closed,
// and the copy leaves the holdings. Each test has a phone of its own and makes, over HTTP, the
// traders, follows and orders it starts from: a trader A of its own (names are unique, so
// each is "Alpha Desk" with a number), a follower B of its own.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let btc: Instrument;
let traders = 0;

/** A ranked trader made for one test: its session, its id in the ranking and its listed name. */
type Trader = { session: SessionData; id: number; name: string };
const HOLDING_ROW = '.order-list[data-tab=holding] .order-row';
/** Text as read, without the invisible marks that keep numbers and names in their own direction. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');
const textOf = async (locator: ReturnType<Page['locator']>) => plain(await locator.innerText());

/** A screenshot once the spinner and toasts have gone, so it shows the page itself. */
async function keepSettled(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(target, name);
}

/** A dialog once its opening animation has ended, so its screenshot is not half transparent. */
async function settledDialog(target: Page) {
  const dialog = target.locator('.adm-dialog-body:visible');
  await dialog.waitFor();
  // antd-mobile fades the popup in on its wrapper: wait until nothing between the body and the
  // popup root is still partly transparent.
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      }),
    )
    .toBe(1);
  return dialog;
}

async function toastText(target: Page): Promise<string> {
  const toast = target.locator('.adm-toast-main').last();
  await toast.waitFor();
  return textOf(toast);
}

/**
 * A market order of BTC/USDT over HTTP, as the trade page sends it: at the instrument's first
 * leverage, or at its highest (a margin that stays small whatever the price level).
 */
async function buys(
  session: SessionData,
  lots: string,
  leverage: 'first' | 'highest' = 'first',
): Promise<Order> {
  const multiples = btc.HasForexMultiple.map((multiple) => multiple.Value);
  const multiple = leverage === 'first' ? multiples[0] : Math.max(...multiples);
  const answer = await apiCall<Order>(
    server,
    'POST',
    '/v1/api/forex/submit',
    { type: 1, status: 1, cont: lots, forex_id: btc.Id, multiple: multiple ?? 0 },
    session.token,
  );
  if (answer.code !== 1) throw new Error(`submit: ${answer.msg}`);
  return answer.data;
}

/**
 * A demo trader listed as "Alpha Desk <n>", with one closed BTC/USDT order so it is ranked. The
 * order closes before the trader opts in: opting in drops the cached ranking, so the next one counts it.
 */
async function rankedTrader(): Promise<Trader> {
  const session = await demoSession(server, `trader-a-${randomUUID()}`);
  const first = await buys(session, '0.01');
  const closed = await apiCall(server, 'POST', '/v1/api/forex/close', { id: first.Id }, session.token);
  if (closed.code !== 1) throw new Error(`close: ${closed.msg}`);
  traders += 1;
  const name = `Alpha Desk ${traders}`;
  const listed = await apiCall<{ trader_id: number }>(
    server,
    'POST',
    '/api/follow/opt_in',
    { display_name: name },
    session.token,
  );
  if (listed.code !== 1) throw new Error(`opt_in: ${listed.msg}`);
  return { session, id: listed.data.trader_id, name };
}

/** Follower B: a new demo customer copying `trader` by amount (1,000 USDT, copy stop-loss 50 %). */
async function followerOf(trader: Trader): Promise<SessionData> {
  const follower = await demoSession(server, `follower-b-${randomUUID()}`);
  const answer = await apiCall<Follow>(
    server,
    'POST',
    '/api/follow/follow',
    { trader_id: trader.id, mode: 2, amount: '1000', stop_loss_percent: '50' },
    follower.token,
  );
  if (answer.code !== 1) throw new Error(`follow: ${answer.msg}`);
  return follower;
}

/** The follower's copies still open, as the copy page asks for them. */
async function openCopies(follower: SessionData): Promise<number> {
  const answer = await apiCall<CopyOrderList>(
    server,
    'GET',
    '/api/follow/copy_orders',
    { status: 1 },
    follower.token,
  );
  if (answer.code !== 1) throw new Error(`copy_orders: ${answer.msg}`);
  return answer.data.data.length;
}

/** A page of this test's phone signed in as nobody, in `language`. */
async function visitorPage(language = 'en'): Promise<Page> {
  const page = await phone.newPage();
  await page.goto('/');
  await setLanguage(page, language);
  return page;
}

async function setLanguage(target: Page, language: string): Promise<void> {
  await target.evaluate(
    (value) =>
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: value }, version: 1 })),
    language,
  );
}

beforeAll(async () => {
  // A day of minutes and a month of days is history enough, and keeps the start to seconds.
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  const list = await apiCall<Instrument[]>(server, 'GET', '/v1/api/forex/trade_list');
  const found = list.data.find((instrument) => instrument.Code === 'BTCUSDT');
  if (!found) throw new Error('BTCUSDT is not traded');
  btc = found;
  browser = await launchBrowser();
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('copy trading in the browser', () => {
  it('shows the ranked trader A on /rank with the spec figures', async () => {
    const trader = await rankedTrader();
    const page = await visitorPage();
    await page.goto('/rank');
    const row = page.locator(`.rank-row[data-trader-id="${trader.id}"]`);
    await row.waitFor();
    expect(await textOf(row.locator('.rank-name'))).toBe(trader.name);
    // A trades a demo account: said plainly on the ranking.
    expect(await textOf(row.locator('.trader-badge[data-badge=demo]'))).toBe('Demo account');
    expect(await textOf(row.locator('[data-field=total_trade_num] .rank-figure-value'))).toBe('1');
    expect(await textOf(row.locator('[data-field=multiple] .rank-figure-value'))).toBe(
      `${btc.HasForexMultiple[0]?.Value}x`,
    );
    expect(await textOf(row.locator('[data-field=variety] bdi'))).toBe('BTC/USDT');
    expect(await textOf(row.locator('.rank-headline-value'))).toMatch(/^[+-]?\d+\.\d{2}%$/);
    await keepSettled(page, 'copy-rank');
  });

  it("shows a strategy trader's published rule on its profile", async () => {
    const page = await visitorPage();
    await page.goto('/rank');
    const strategy = page.locator('.rank-row:has(.trader-badge[data-badge=strategy])').first();
    await strategy.click();
    await page.waitForURL((url) => url.pathname === '/rank/trader');
    const rule = page.locator('.trader-strategy');
    await rule.waitFor();
    expect(await textOf(rule.locator('h3'))).toBe('How this strategy trades');
    expect(await textOf(rule.locator('p'))).toMatch(/^Trades .+ Each order risks [\d.]+% of equity\.$/);
    expect(await textOf(page.locator('.trader-demo-note'))).toContain('virtual money');
    await keepSettled(page, 'copy-profile-strategy');
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/rank');
  });

  it('opens the profile and sends a visitor who presses Follow to log in, and back with a demo account', async () => {
    const trader = await rankedTrader();
    const page = await visitorPage();
    await page.goto('/rank');
    await page.locator(`.rank-row[data-trader-id="${trader.id}"]`).click();
    await page.waitForURL((url) => url.pathname === '/rank/trader');
    await page.locator('.trader-hero').waitFor();
    expect(await textOf(page.locator('.trader-hero-name'))).toBe(trader.name);
    // The equity curve is drawn (a canvas of lightweight-charts).
    await page.locator('[data-testid=equity-chart] canvas').first().waitFor();
    expect(await page.locator('.recent-trade').count()).toBe(1);
    await keepSettled(page, 'copy-profile');
    // What the customer sees first, with the Follow button at the bottom of the screen.
    await page.screenshot({ path: `${SCREENSHOT_DIR}copy-profile-screen.png` });

    await page.locator('.follow-button').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe(`/rank/trader?id=${trader.id}`);
    await page.locator('.demo-entry button').click();
    await page.waitForURL((url) => url.pathname === '/rank/trader');
    await page.locator('.follow-button').waitFor();
  });

  it('follows A by amount with a copy stop-loss, the form checking the amount first', async () => {
    const trader = await rankedTrader();
    // B: a demo customer, on A's profile.
    const page = await signIn(phone, await demoSession(server, `follower-b-${randomUUID()}`));
    await page.goto(`/rank/trader?id=${trader.id}`);
    await page.locator('.follow-button').click();
    const form = page.locator('.follow-form');
    await form.waitFor();
    expect(await textOf(form.locator('.follow-form-account'))).toBe(
      'Copies open in your demo account (virtual money).',
    );
    await form.locator('.follow-submit').click();
    expect(await textOf(form.locator('[data-field=amount] .order-field-error'))).toBe(
      'Enter the amount: it is the base of the copy stop-loss',
    );
    await form.locator('[data-field=amount] input').fill('1000');
    await form.locator('[data-field=stop_loss_percent] input').fill('50');
    expect(await textOf(form.locator('[data-field=stop_loss_percent] .order-field-hint'))).toBe(
      'Copying stops and the copies close once they have lost 500.00 USDT.',
    );
    await keepScreenshot(page, 'copy-follow-form');
    await form.locator('.follow-submit').click();
    // The spinner's toast comes first; the outcome's follows it.
    await expect.poll(() => toastText(page)).toBe(`You are now copying ${trader.name}`);

    const card = page.locator('.my-follow .follow-card');
    await card.waitFor();
    expect(await textOf(card.locator('.follow-state'))).toBe('Copying');
    expect(await textOf(card.locator('[data-field=amount] dd'))).toBe('1,000.00 USDT');
    expect(await textOf(card.locator('[data-field=stop_loss_percent] dd'))).toBe('50%');
    await keepSettled(page, 'copy-profile-following');
  });

  it("copies A's next market order into B's account: it shows in /copy and in /order", async () => {
    const trader = await rankedTrader();
    const follower = await followerOf(trader);
    const page = await signIn(phone, follower);
    // Amount mode: B's copy is A's lots x 1,000 / A's equity (about 100,000), so 1 lot becomes 0.01.
    await buys(trader.session, '1', 'highest');

    await page.goto('/copy');
    const card = page.locator('.follow-card').first();
    await card.waitFor();
    await expect
      .poll(() => textOf(card.locator('[data-field=open_copies] dd')), { timeout: 15_000 })
      .toBe('1');
    await keepSettled(page, 'copy-following');

    await page.locator('.order-tab-title[data-section=orders]').click();
    const copy = page.locator('.copy-order-row[data-state=holding]').first();
    await copy.waitFor({ timeout: 15_000 });
    expect(await textOf(copy.locator('.order-row-code'))).toBe('BTC/USDT');
    expect(await textOf(copy.locator('.copy-order-trader'))).toBe(`Copied from ${trader.name}`);
    expect(await textOf(copy.locator('.order-row-size'))).toContain('0.01 lots');
    expect(await textOf(copy.locator('[data-testid=copy-order-profit]'))).toMatch(/^[+-]?[\d,]+\.\d{6}$/);
    await keepSettled(page, 'copy-copied-orders');

    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(2).click();
    await page.waitForURL((url) => url.pathname === '/order');
    const holding = page.locator(HOLDING_ROW).first();
    await holding.waitFor();
    expect(await textOf(holding.locator('.order-row-code'))).toBe('BTC/USDT');
    expect(await page.locator(HOLDING_ROW).count()).toBe(1);
    await keepSettled(page, 'copy-order-holding');
  });

  it('stops copying with the copies closed, and the copy leaves the holdings', async () => {
    // B copies A, and holds the copy of A's open order.
    const trader = await rankedTrader();
    const follower = await followerOf(trader);
    await buys(trader.session, '1', 'highest');
    await expect.poll(() => openCopies(follower), { timeout: 15_000 }).toBe(1);
    const page = await signIn(phone, follower);
    await page.goto('/order');
    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(3).click();
    await page.waitForURL((url) => url.pathname === '/copy');
    await page.locator('.order-tab-title[data-section=following]').click();
    const card = page.locator('.follow-card').first();
    await card.locator('[data-action=stop]').click();
    const dialog = await settledDialog(page);
    expect(await textOf(dialog)).toContain('Open copies of this trader: 1.');
    await keepScreenshot(page, 'copy-stop-dialog');
    await dialog.getByText('Stop and close the copies').click();
    await expect
      .poll(() => toastText(page))
      .toMatch(/^Copying stopped\. Copies closed: 1$|: copying stopped, position closed/);
    await expect.poll(() => textOf(card.locator('.follow-state'))).toBe('Stopped');
    await keepSettled(page, 'copy-stopped');

    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(2).click();
    await page.waitForURL((url) => url.pathname === '/order');
    await expect.poll(() => page.locator(HOLDING_ROW).count(), { timeout: 10_000 }).toBe(0);
    await page.locator('.order-tab-title[data-tab=history]').click();
    const closed = page.locator('.order-list[data-tab=history] .order-row').first();
    await closed.waitFor();
    expect(await textOf(closed.locator('.reason-tag'))).toBe('Copying stopped');
    await keepSettled(page, 'copy-order-history');
  });

  it('offers B to become a trader, saying what followers will see', async () => {
    const page = await signIn(phone, await demoSession(server, `follower-b-${randomUUID()}`));
    await page.goto('/order');
    await page.locator('.app-tab-bar .adm-tab-bar-item').nth(3).click();
    await page.waitForURL((url) => url.pathname === '/copy');
    await page.locator('.order-tab-title[data-section=trader]').click();
    const section = page.locator('.become-trader');
    await section.waitFor();
    expect(await section.getAttribute('data-listed')).toBe('none');
    await section.locator('input[name=display_name]').fill('B');
    await section.locator('.trader-opt-in').click();
    expect(await textOf(section.locator('.order-field-error'))).toBe('The name must be 2 to 32 characters');
    await keepSettled(page, 'copy-become-trader');
  });

  it('reads right to left in Arabic on /rank', async () => {
    // B copies A, so the copy page has a follow to show.
    const trader = await rankedTrader();
    const page = await signIn(phone, await followerOf(trader), 'ar');
    await page.goto('/rank');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    const row = page.locator(`.rank-row[data-trader-id="${trader.id}"]`);
    await row.waitFor();
    expect(await textOf(row.locator('.trader-badge[data-badge=demo]'))).toBe('حساب تجريبي');
    await keepSettled(page, 'copy-rank-ar');
    await page.locator(`.rank-row[data-trader-id="${trader.id}"]`).click();
    await page.locator('.trader-hero').waitFor();
    await keepSettled(page, 'copy-profile-ar');
    await page.goto('/copy');
    await page.locator('.follow-card').first().waitFor();
    await keepSettled(page, 'copy-following-ar');
    await setLanguage(page, 'hk');
    await page.goto('/rank');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant-HK');
    await row.waitFor();
    await keepSettled(page, 'copy-rank-hk');
  });

  it('shows every ranking label whole in Spanish, the longest: a long one wraps', async () => {
    const trader = await rankedTrader();
    const page = await signIn(phone, await demoSession(server, `follower-b-${randomUUID()}`), 'spa');
    await page.goto('/rank');
    const row = page.locator(`.rank-row[data-trader-id="${trader.id}"]`);
    await row.waitFor();
    const cut = await page
      .locator('.rank-figure-label')
      .evaluateAll((labels) =>
        labels.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
      );
    expect(cut).toEqual([]);
    await keepSettled(page, 'copy-rank-es');
  });
});
