import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/migrate';
import { closeDesks, type Desks, motionSettled, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { setChannelAddress, staffCall, staffToken, verifyIdentity } from './support/funds';
import { creditDeposit } from './support/funds-setup';
import { PASSWORD, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The back office's customers at a laptop's 1440x900, against the real server: a compliance officer
// finds a registered (verified, funded) customer by e-mail, opens their page with its balances, adds
// an internal note and disables the login. The customer's phone, signed in, is signed out at its next
// call, and a new login there is refused with the message; enabling the login again lets them in.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const PLATFORM_TRC20 = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const DISABLED_MESSAGE = 'Sign-in to this account has been disabled. Please contact customer service.';

let server: RunningServer;
let browser: Browser;
/** Staff signed in once (API); each test opens its own desk and makes its own customer. */
let complianceToken: string;
let financeToken: string;
const contexts: Desks = [];

/** A customer of one test: registered, identity verified, 1250 USDT credited. */
type Customer = { session: SessionData; email: string };

/** A screenshot once antd's toasts have gone, so it shows the screen itself. */
async function keepSettled(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  // The tabs' ink bar slides for 0.3 s after a tab is chosen: wait until it has stopped.
  await motionSettled(page);
  await keepScreenshot(page, name);
}

async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('meridian.user');
    return raw ? ((JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null) : null;
  });
}

async function auditedActions(target: string): Promise<string[]> {
  const result = await server.database.db.execute(
    sql`select action from audit_log where target = ${target} order by id`,
  );
  return rowsOf<{ action: string }>(result).map((row) => row.action);
}

/** A USDT deposit the customer reports and finance credits: the balance holds `number`. */
async function fundCustomer(customer: SessionData, finance: string, number: string): Promise<void> {
  await setChannelAddress(server, finance, 'TRC20', PLATFORM_TRC20);
  await creditDeposit(server, finance, customer, number);
}

/** This test's customer: registered, verified by compliance and funded with 1250 USDT (API). */
async function verifiedFundedCustomer(): Promise<Customer> {
  const email = `customer.${uniqueSuffix()}@example.com`;
  const session = await registerByEmail(server, email);
  await verifyIdentity(server, session, complianceToken);
  await fundCustomer(session, financeToken, '1250');
  return { session, email };
}

/** Clara Compliance's own desk for this test. */
const complianceDesk = () => openDesk(browser, server, contexts, complianceToken);

/** Clara's desk already on the customer's page (finding it is the first test's subject). */
async function customerPageOf(customer: SessionData): Promise<Page> {
  const admin = await complianceDesk();
  await admin.goto(`/admin/customers/${customer.user.id}`);
  await admin.locator('.customer-accounts .account-balance', { hasText: '1,250.00' }).waitFor();
  return admin;
}

/** The customer's phone, signed in. */
async function signedInPhone(customer: SessionData): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  contexts.push(phone);
  return signIn(phone, customer);
}

/** A phone nobody is signed in on, the app in English. */
async function signedOutPhone(): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  contexts.push(phone);
  const page = await phone.newPage();
  await page.goto('/');
  await page.evaluate(() =>
    localStorage.setItem('meridian.language', JSON.stringify({ state: { language: 'en' }, version: 1 })),
  );
  return page;
}

/** Logs in on the phone's login page; resolves once the answer (a toast or a new page) is in. */
async function phoneLogin(phonePage: Page, email: string): Promise<void> {
  await phonePage.goto('/login');
  await phonePage.locator('input[type=email]').fill(email);
  await phonePage.locator('input[type=password]').fill(PASSWORD);
  await phonePage.locator('button[type=submit]').click();
}

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  complianceToken = await staffToken(server, 'compliance', 'Clara Compliance');
  financeToken = await staffToken(server, 'finance', 'Ravi Finance');
});

afterEach(() => closeDesks(contexts));

afterAll(async () => {
  await closeDesks(contexts);
  await browser?.close();
  await server?.stop();
});

describe('the customers screen (1440x900)', () => {
  it('finds the customer by e-mail and opens their page with the balances; the opening is audited', async () => {
    const { session: customer, email } = await verifiedFundedCustomer();
    const phonePage = await signedInPhone(customer);
    const admin = await complianceDesk();
    await phonePage.goto('/user');
    await phonePage.getByText(customer.user.uid).first().waitFor();

    await admin.goto('/admin/customers');
    await admin.locator('.customers-search input').fill(email.toUpperCase());
    await admin.locator('.customers-search input').press('Enter');
    const row = admin.locator(`.customers-results tr[data-customer-id="${customer.user.id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toContain(customer.user.uid);
    // The browsable list (every customer) is shown until the search's answer replaces it.
    await expect.poll(() => admin.locator('.customers-results tbody tr.ant-table-row').count()).toBe(1);
    await keepSettled(admin, 'admin-customers-search');

    await row.click();
    await admin.waitForURL((url) => url.pathname === `/admin/customers/${customer.user.id}`);
    await admin.locator('.customer-accounts .account-balance', { hasText: '1,250.00' }).waitFor();
    expect(await admin.locator('.customer-accounts .account-lock_balance').innerText()).toBe('0.00');
    expect(await admin.locator('.customer-identity').innerText()).toContain(email);
    expect(await admin.locator('.customer-login-state').innerText()).toBe('Allowed');
    await keepSettled(admin, 'admin-customer-page');
    expect(await auditedActions(`user:${customer.user.id}`)).toContain('customer.view');

    await admin.getByRole('tab', { name: 'Ledger' }).click();
    await admin.locator('.customer-ledger tbody tr', { hasText: '1,250.00' }).first().waitFor();
    await admin.getByRole('tab', { name: 'Identity' }).click();
    await admin.locator('.customer-identity-record', { hasText: 'Verified' }).waitFor();
    expect(await admin.locator('.customer-identity-record').innerText()).toContain('K1234567');
    await admin.getByRole('tab', { name: /Sessions/ }).click();
    expect(await admin.locator('.customer-sessions tbody tr.ant-table-row').count()).toBeGreaterThanOrEqual(
      1,
    );
    await keepSettled(admin, 'admin-customer-sessions');
  });

  it('adds an internal note', async () => {
    const { session: customer } = await verifiedFundedCustomer();
    const admin = await customerPageOf(customer);
    await admin.getByRole('tab', { name: 'Notes' }).click();
    await admin
      .locator('.customer-note-body textarea')
      .fill('Asked by phone why the deposit took an hour.\nExplained the review.');
    await admin.locator('.customer-note-add').click();
    const note = admin.locator('.customer-notes .ant-list-item', { hasText: 'Asked by phone' });
    await note.waitFor();
    expect(await note.innerText()).toContain('Clara Compliance');
    await keepSettled(admin, 'admin-customer-note');
  });

  it('disables the login: the phone is signed out and a new login is refused with the message', async () => {
    const { session: customer, email } = await verifiedFundedCustomer();
    const phonePage = await signedInPhone(customer);
    await phonePage.goto('/user');
    await phonePage.getByText(customer.user.uid).first().waitFor();
    const admin = await customerPageOf(customer);
    await admin.locator('.customer-disable').click();
    const modal = admin.locator('.customer-disable-modal');
    await modal
      .locator('.customer-disable-reason textarea')
      .fill('Account reported stolen by the customer on the phone.');
    await keepSettled(admin, 'admin-customer-disable');
    await modal.locator('.customer-disable-confirm').click();
    await admin.locator('.customer-login-state', { hasText: 'Disabled' }).waitFor();
    expect(await admin.locator('.customer-revoke').isDisabled()).toBe(true);
    await keepSettled(admin, 'admin-customer-disabled');

    // The phone's next call answers 999: the app forgets the token and asks for a login.
    await phonePage.goto('/user');
    await expect.poll(() => storedToken(phonePage), { timeout: 10_000 }).toBeNull();
    await phoneLogin(phonePage, email);
    await phonePage.locator('.adm-toast-main', { hasText: DISABLED_MESSAGE }).waitFor();
    expect(new URL(phonePage.url()).pathname).toBe('/login');
    await keepScreenshot(phonePage, 'customer-login-disabled');
    expect(await auditedActions(`user:${customer.user.id}`)).toContain('customer.login_disabled');
  });

  it('enables the login again: the customer logs in on the phone', async () => {
    // A customer whose login compliance has disabled (over the API: disabling through the screen is
    // the test above).
    const { session: customer, email } = await verifiedFundedCustomer();
    await staffCall(server, complianceToken, 'POST', '/admin/api/customers/disable', {
      id: customer.user.id,
      reason: 'Account reported stolen by the customer on the phone.',
    });
    const phonePage = await signedOutPhone();
    const admin = await customerPageOf(customer);
    await admin.locator('.customer-login-state', { hasText: 'Disabled' }).waitFor();
    await admin.locator('.customer-enable').click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'Enable login' }).click();
    await admin.locator('.customer-login-state', { hasText: 'Allowed' }).waitFor();
    await keepSettled(admin, 'admin-customer-enabled');

    await phoneLogin(phonePage, email);
    await phonePage.waitForURL((url) => url.pathname !== '/login');
    await expect.poll(() => storedToken(phonePage)).not.toBeNull();
    await keepScreenshot(phonePage, 'customer-login-again');
  });

  it('reads the page in Traditional Chinese', async () => {
    const { session: customer } = await verifiedFundedCustomer();
    const admin = await customerPageOf(customer);
    await admin.locator('.ant-segmented-item', { hasText: '繁體中文' }).click();
    await admin.getByRole('tab', { name: '帳戶及餘額' }).click();
    await admin.locator('.customer-login-state', { hasText: '允許' }).waitFor();
    expect(await admin.locator('.customer-accounts thead').innerText()).toContain('可用餘額');
    await keepSettled(admin, 'admin-customer-page-hk');
  });
});
