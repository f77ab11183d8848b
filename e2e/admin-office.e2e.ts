import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { FeedHealth } from '@meridian/contract/back-office';
import type { Instrument } from '@meridian/contract/market';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, motionSettled, openDesk, PHONE, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { staffCall } from './support/funds';
import { apiCall, demoSession, idPhoto, registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken, totpCode } from './support/staff';

// The back office's own screens at a laptop's 1440x900, against the real server: an admin's
// dashboard shows the figures of what the test made (one new customer, one identity waiting); the
// admin makes a finance clerk and gets the one-time enrolment link; the clerk follows it, chooses a
// password, sets up the authenticator and signs in; the audit log shows the creation, before and after.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const TOTP_STEP_MS = 30_000;
const CLERK_PASSWORD = 'Ledger and tea 2026';

let server: RunningServer;
let browser: Browser;
/** Ada Admin, signed in once; each test opens its own desk with this session. */
let adminToken: string;
const contexts: Desks = [];

/** A desk of this test's own, signed in with the token when one is given. */
const desk = (token?: string) => openDesk(browser, server, contexts, token);

/** A finance clerk's e-mail no other test uses. */
const clerkEmail = () => `clerk.${uniqueSuffix()}@meridian.test`;

/** Ada Admin makes a finance clerk through the back office's API: the one-time enrolment link. */
async function clerkMadeByAdmin(email: string): Promise<{ enrolment_path: string }> {
  return staffCall(server, adminToken, 'POST', '/admin/api/staff/create', {
    email,
    name: 'Fern Finance',
    role: 'finance',
  });
}

/** A screenshot once antd's toasts have gone, so it shows the screen itself. */
async function keepSettled(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(page, name);
}

async function uploadPhoto(customer: SessionData, hue: string): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'kyc');
  form.append('file', new Blob([new Uint8Array(await idPhoto('png', hue))], { type: 'image/png' }), 'id.png');
  const response = await fetch(`${server.url}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: customer.token },
    body: form,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { name: string } };
  if (answer.code !== 1) throw new Error(`upload: ${answer.msg}`);
  return answer.data.name;
}

const NO_REFUSALS = { not_a_number: 0, not_positive: 0, one_sided: 0, crossed: 0, outside_band: 0, spike: 0 };

/** A real feed's health after a failover: what the dashboard call answers (feed-health-dashboard.test.ts). */
const REAL_FEED: FeedHealth = {
  simulated: false,
  runs_here: true,
  sources: [
    {
      role: 'primary',
      kind: 'fix',
      state: 'disconnected',
      detail: 'Logout: session closed by the provider',
      active: false,
      last_quote_at: '2026-11-18T12:00:00.000Z',
      quotes_received: 2,
    },
    {
      role: 'secondary',
      kind: 'websocket',
      state: 'connected',
      detail: '',
      active: true,
      last_quote_at: '2026-11-18T12:00:05.000Z',
      quotes_received: 1,
    },
  ],
  instruments: [
    {
      instrument_id: 1,
      code: 'EURUSD',
      symbol: 'EURUSD',
      received: 3,
      accepted: 2,
      refused: { ...NO_REFUSALS, crossed: 1 },
      last_quote_age_seconds: 1,
      rejected: '',
      reason: null,
    },
    {
      instrument_id: 2,
      code: 'BTCUSDT',
      symbol: 'BTCUSDT',
      received: 0,
      accepted: 0,
      refused: NO_REFUSALS,
      last_quote_age_seconds: null,
      rejected: '',
      reason: 'stale',
    },
    {
      instrument_id: 3,
      code: 'XAUUSD',
      symbol: 'XAUUSD',
      received: 40,
      accepted: 40,
      refused: NO_REFUSALS,
      last_quote_age_seconds: 0.4,
      rejected: '',
      reason: null,
    },
  ],
  switches: [
    { from: 'primary', to: 'secondary', at: '2026-11-18T12:00:05.000Z', reason: 'primary_disconnected' },
  ],
};

const statistic = (page: Page, card: string) =>
  page.locator(`.${card} .ant-statistic-content-value`).innerText();

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  adminToken = await enrolledStaffToken(server, {
    email: 'ada.office@meridian.test',
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

/**
 * What the dashboard should count, made by the dashboard's test itself (no other test of this file
 * registers customers, sends identities or trades): one customer registered today, whose identity
 * waits, and one open position in demo money, a sell of 0.5 lots of BTC/USDT.
 */
async function customerActivity(): Promise<void> {
  const customer = await registerByEmail(server, `office.${uniqueSuffix()}@example.com`);
  const submitted = await apiCall(
    server,
    'POST',
    '/api/user_real/real_name',
    {
      name: 'Wong Ka Yan',
      card_id: 'H7654321',
      front_pic: await uploadPhoto(customer, '#5b7bd5'),
      reverse_pic: await uploadPhoto(customer, '#7d8fb3'),
    },
    customer.token,
  );
  if (submitted.code !== 1) throw new Error(`real_name: ${submitted.msg}`);
  // And one open position in demo money: a sell of 0.5 lots of BTC/USDT.
  const demo = await demoSession(server, `office-demo-${Date.now()}`);
  const list = await apiCall<Instrument[]>(server, 'GET', '/v1/api/forex/trade_list');
  const btc = list.data.find((instrument) => instrument.Code === 'BTCUSDT');
  if (!btc) throw new Error('BTCUSDT is not traded');
  const sold = await apiCall(
    server,
    'POST',
    '/v1/api/forex/submit',
    { type: 2, status: 1, cont: '0.5', forex_id: btc.Id, multiple: btc.HasForexMultiple[0]?.Value ?? 0 },
    demo.token,
  );
  if (sold.code !== 1) throw new Error(`submit: ${sold.msg}`);
}

describe('back office: dashboard, staff accounts, audit log (1440x900)', () => {
  it('the dashboard comes first in the menu and shows the figures of what the customers did', async () => {
    await customerActivity();
    const admin = await desk(adminToken);
    await admin.goto('/admin/dashboard');
    await admin.locator('.stat-identity').waitFor();
    const menu = await admin.locator('.shell-menu .ant-menu-item').allInnerTexts();
    expect(menu[0]).toBe('Dashboard');
    expect(menu).toContain('Audit log');
    expect(menu).toContain('Staff accounts');
    expect(await statistic(admin, 'stat-identity')).toBe('1');
    expect(await statistic(admin, 'stat-new-customers')).toBe('1');
    expect(await statistic(admin, 'stat-deposits')).toBe('0');
    expect(await statistic(admin, 'stat-withdrawals')).toBe('0');
    expect(await statistic(admin, 'stat-deposits-submitted')).toBe('0.00');
    expect(await admin.locator('.exposure-real').innerText()).toContain('No open positions');
    expect(await admin.locator('.dashboard-updated').innerText()).toContain('refreshes every 30 s');
    await keepSettled(admin, 'admin-dashboard');
    // Demo money apart: the demo sell is there, net short 0.5 lots.
    await admin.getByRole('tab', { name: /Demo money/ }).click();
    const demoRow = admin.locator('.exposure-demo tbody tr', { hasText: 'BTC' });
    await demoRow.waitFor();
    expect(await demoRow.innerText()).toMatch(/0\.5[\s\S]*Short 0\.5/);
    await admin.locator('.ant-segmented-item', { hasText: '繁體中文' }).click();
    await admin.getByText('待員工處理').waitFor();
    await motionSettled(admin);
    await keepSettled(admin, 'admin-dashboard-hk');
    await admin.locator('.ant-segmented-item', { hasText: 'English' }).click();
    await admin.getByText('Waiting for staff').waitFor();
  });

  it('on a phone, the price feed card says the prices are simulated, with no connection figures', async () => {
    const phone = await openDesk(browser, server, contexts, adminToken, PHONE);
    await phone.goto('/admin/dashboard');
    const card = phone.locator('.feed-card');
    await card.waitFor();
    await card.scrollIntoViewIfNeeded();
    expect(await card.locator('.ant-card-head').innerText()).toBe('Price feed');
    expect(await card.locator('.feed-simulated').innerText()).toBe('Simulated prices');
    expect(await card.innerText()).toContain('Prices come from the built-in market simulator');
    expect(await card.locator('.feed-source, .feed-instrument, .feed-switches').count()).toBe(0);
    // The card fits the phone's width (so does the shell's header row: its own test above).
    const box = await card.boundingBox();
    expect(box?.x).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    await motionSettled(phone);
    await keepSettled(phone, 'admin-dashboard-feed-phone');
  });

  it('on a phone, the exposure tabs and the dashboard header fit the screen', async () => {
    const phone = await openDesk(browser, server, contexts, adminToken, PHONE);
    await phone.goto('/admin/dashboard');
    await phone.locator('.exposure-real').waitFor();
    await motionSettled(phone);
    await keepSettled(phone, 'admin-dashboard-exposure-phone');
    const card = phone.locator('.exposure-card');
    const fits = async (selector: string) => {
      const box = await phone.locator(selector).first().boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box?.x ?? -1, selector).toBeGreaterThanOrEqual(0);
      expect((box?.x ?? 0) + (box?.width ?? 0), selector).toBeLessThanOrEqual(PHONE.width);
    };
    // The page never scrolls sideways, and neither tab nor the header's parts is cut at its edge.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const selector of [
      '.page-title',
      '.dashboard-updated',
      '.dashboard-refresh',
      '.exposure-card .ant-tabs-nav',
      '.exposure-card .ant-tabs-tab:nth-child(1)',
      '.exposure-card .ant-tabs-tab:nth-child(2)',
      '.shell-header',
      '.shell-header .shell-sign-out',
    ])
      await fits(selector);
    // Both tabs show (none behind antd's "more" menu), and the card's title is not cut short.
    expect(await card.locator('.ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)').count()).toBe(
      0,
    );
    const title = card.locator('.ant-card-head-title');
    expect(await title.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await title.innerText()).toBe('Open positions and net exposure by instrument');
    await card.getByRole('tab', { name: /Demo money/ }).click();
    await card.locator('.exposure-demo').waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await motionSettled(phone);
    await keepSettled(phone, 'admin-dashboard-exposure-demo-phone');
  });

  it('on a phone, a real feed shows its connections, the failover and only the instruments that need a look', async () => {
    // The e2e server runs the simulator: the dashboard's answer is the server's with a real feed's
    // health put in (the server side is tested on scripted feeds in apps/server/test).
    const phone = await openDesk(browser, server, contexts, adminToken, PHONE);
    await phone.route('**/admin/api/dashboard*', async (route) => {
      const response = await route.fetch();
      const answer = (await response.json()) as { data: { feed: FeedHealth } };
      answer.data.feed = REAL_FEED;
      await route.fulfill({ response, json: answer });
    });
    await phone.goto('/admin/dashboard');
    const card = phone.locator('.feed-card');
    await card.locator('.feed-source-primary').waitFor();
    expect(await card.locator('.feed-source-primary').innerText()).toMatch(
      /Primary · FIX[\s\S]*Disconnected[\s\S]*Venue: Logout: session closed by the provider/,
    );
    expect(await card.locator('.feed-source-secondary').innerText()).toMatch(
      /Secondary · Exchange stream[\s\S]*Connected[\s\S]*Prices from here/,
    );
    expect(await card.locator('.feed-switch').innerText()).toContain(
      'Primary → Secondary (primary disconnected)',
    );
    // Only EURUSD (a refusal) and BTCUSDT (stale) need a look; the switch shows all three.
    expect(await card.locator('.feed-instrument').count()).toBe(2);
    expect(await card.locator('.feed-instrument', { hasText: 'EURUSD' }).innerText()).toMatch(
      /Live[\s\S]*Last quote 1 s ago · accepted 2[\s\S]*Refused: crossed 1/,
    );
    expect(await card.locator('.feed-instrument', { hasText: 'BTCUSDT' }).innerText()).toMatch(
      /Stale[\s\S]*Last quote none yet/,
    );
    await card.scrollIntoViewIfNeeded();
    await motionSettled(phone);
    await keepSettled(phone, 'admin-dashboard-feed-real-phone');
    await card.locator('.feed-show-all').click();
    await expect.poll(() => card.locator('.feed-instrument').count()).toBe(3);
    expect(await card.locator('.feed-instrument', { hasText: 'XAUUSD' }).innerText()).toContain(
      'No quote refused',
    );
    const box = await card.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  });

  it('an admin creates a finance clerk and gets the enrolment link once, with a copy button', async () => {
    const CLERK_EMAIL = clerkEmail();
    const admin = await desk(adminToken);
    await admin.goto('/admin/staff');
    await admin.locator('.staff-table tbody tr', { hasText: 'Ada Admin' }).waitFor();
    await admin.getByRole('button', { name: 'New staff member' }).click();
    const form = admin.locator('.staff-create-form');
    await form.getByLabel('E-mail').fill(CLERK_EMAIL);
    await form.getByLabel('Name').fill('Fern Finance');
    await form.getByLabel('Role').click();
    await admin.locator('.ant-select-item-option', { hasText: 'Finance' }).click();
    await admin.getByRole('button', { name: 'Create and get the link' }).click();
    const link = admin.locator('.enrolment-link');
    await link.waitFor();
    const enrolmentUrl = (await link.innerText()).trim();
    expect(enrolmentUrl).toMatch(new RegExp(`^${server.url}/admin/enrol\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await admin.locator('.enrolment-link .ant-typography-copy').count()).toBe(1);
    await keepSettled(admin, 'admin-staff-link');
    await admin.getByRole('button', { name: 'I have copied it' }).click();
    const row = admin.locator('.staff-table tbody tr', { hasText: CLERK_EMAIL });
    expect(await row.innerText()).toContain('Link open until');
    // The list never shows the link again.
    expect(await admin.locator('.staff-table').innerText()).not.toContain('token=');
  });

  it('the clerk follows the link, chooses a password, sets up the authenticator and signs in', async () => {
    // The clerk's link, as an admin made it (the link's own screen is the test above).
    const CLERK_EMAIL = clerkEmail();
    const { enrolment_path } = await clerkMadeByAdmin(CLERK_EMAIL);
    const clerk = await desk();
    await clerk.goto(enrolment_path);
    await clerk.locator('.enrol-qr svg').waitFor();
    const secret = (await clerk.locator('.enrol-secret').first().innerText()).trim();
    await clerk.getByLabel('Choose your password').fill(CLERK_PASSWORD);
    await clerk.getByLabel('Type the password again').fill(CLERK_PASSWORD);
    await clerk.getByLabel('The 6-digit code the app shows').fill(totpCode(secret, new Date()));
    await keepScreenshot(clerk, 'admin-enrol-choose-password');
    await clerk.getByRole('button', { name: 'Confirm' }).click();
    await clerk.locator('.recovery-codes').waitFor();
    await clerk.getByRole('link', { name: 'Go to sign-in' }).click();
    await clerk.getByLabel('E-mail').fill(CLERK_EMAIL);
    await clerk.getByLabel('Password').fill(CLERK_PASSWORD);
    await clerk.getByLabel('Authenticator code').fill(totpCode(secret, new Date(Date.now() + TOTP_STEP_MS)));
    await clerk.getByRole('button', { name: 'Sign in' }).click();
    await clerk.locator('.shell-who').waitFor();
    expect(await clerk.locator('.shell-who').innerText()).toContain('Fern Finance');
    expect(await clerk.locator('.shell-who').innerText()).toContain('Finance');
    const menu = await clerk.locator('.shell-menu .ant-menu-item').allInnerTexts();
    expect(menu).toContain('Dashboard');
    expect(menu).not.toContain('Staff accounts');
    expect(menu).not.toContain('Audit log');
    await keepSettled(clerk, 'admin-clerk-signed-in');

    const admin = await desk(adminToken);
    await admin.goto('/admin/staff');
    const row = admin.locator('.staff-table tbody tr', { hasText: CLERK_EMAIL });
    await row.waitFor();
    expect(await row.innerText()).toContain('Authenticator set up');
    // Once the list has settled (no read in flight, no fade-in).
    await expect.poll(() => admin.locator('.ant-btn-loading, .ant-spin-blur').count()).toBe(0);
    await motionSettled(admin);
    await keepSettled(admin, 'admin-staff-list');
  });

  it('the audit log shows the creation by the admin, with before and after', async () => {
    // The creation to find: Ada Admin makes a finance clerk now, the newest staff.create.
    const CLERK_EMAIL = clerkEmail();
    await clerkMadeByAdmin(CLERK_EMAIL);
    const admin = await desk(adminToken);
    await admin.goto('/admin/audit');
    await admin.getByPlaceholder('Action, e.g. staff. or kyc.review').fill('staff.create');
    await admin.getByRole('button', { name: 'Search' }).click();
    // Actions are named in words: staff.create reads "Created a staff account".
    const row = admin.locator('.audit-table tbody tr', { hasText: 'Created a staff account' }).first();
    await row.waitFor();
    expect(await row.innerText()).toContain('Ada Admin');
    await keepSettled(admin, 'admin-audit-list');
    await row.getByRole('button', { name: 'Details' }).click();
    const change = admin.locator('.audit-change');
    await change.waitFor();
    const text = await change.innerText();
    expect(text).toContain(CLERK_EMAIL);
    expect(text).toMatch(/role\s+-\s+finance/);
    expect(text).toContain('changed');
    await motionSettled(admin);
    await keepSettled(admin, 'admin-audit-creation');
  });
});
