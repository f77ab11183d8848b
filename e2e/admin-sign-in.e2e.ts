import { existsSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStaff } from '../apps/server/src/modules/staff/staff.service';
import { issueEnrolment } from '../apps/server/src/modules/staff/staff-enrolment.service';
import { closeDesks, type Desks, motionSettled, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { staffToken } from './support/funds';
import { apiCall, pixelsOf } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { STAFF_PASSWORD, totpCode } from './support/staff';

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const EMAIL = 'boss.e2e@meridian.test';
const TOTP_STEP_MS = 30_000;

let server: RunningServer;
let browser: Browser;
/** An admin already signed in (API), whose session a test may sign out of on its own desk. */
let adminToken: string;
// The back office is desktop-first: each test opens its own desk at a laptop's 1440x900.
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  adminToken = await staffToken(server, 'admin', 'Sam Signed-in');
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

describe('back office sign-in (1440x900)', () => {
  it('an admin enrols TOTP from the link staff:create prints, keeps the recovery codes, and signs in', async () => {
    const staff = await createStaff(
      server.database.db,
      { email: EMAIL, name: 'Boss', role: 'admin', password: STAFF_PASSWORD, at: new Date() },
      null,
    );
    const token = await issueEnrolment(server.database.db, staff.id, new Date(), null);
    const page = await openDesk(browser, server, desks);

    await page.goto(`/admin/enrol?token=${token}`);
    await page.locator('.enrol-qr svg').waitFor();
    const secret = (await page.locator('.enrol-secret').first().innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // What an authenticator app's camera reads: the otpauth:// URI with this key.
    const qr = await pixelsOf(await page.locator('.enrol-qr').screenshot());
    const uri = jsQR(qr.data, qr.width, qr.height)?.data ?? '';
    expect(uri).toMatch(/^otpauth:\/\/totp\/Meridian%20back%20office:boss\.e2e%40meridian\.test\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    await keepScreenshot(page, 'admin-enrol');

    await page.getByLabel('Your password').fill(STAFF_PASSWORD);
    await page.getByLabel('The 6-digit code the app shows').fill(totpCode(secret, new Date()));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.locator('.recovery-codes').waitFor();
    expect(await page.locator('.recovery-codes .ant-list-item').count()).toBe(10);
    await keepScreenshot(page, 'admin-recovery-codes');

    await page.getByRole('link', { name: 'Go to sign-in' }).click();
    await page.getByLabel('E-mail').fill(EMAIL);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    // The enrolment spent this 30-second step: the authenticator's next code.
    await page.getByLabel('Authenticator code').fill(totpCode(secret, new Date(Date.now() + TOTP_STEP_MS)));
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Home is the dashboard; the menu lists every screen an admin may use, in order.
    await page.waitForURL('**/admin/dashboard');
    await page.locator('.shell-menu').waitFor();
    const access = (await page.locator('.shell-menu .ant-menu-item').allInnerTexts()).map((text) =>
      text.trim(),
    );
    expect(access).toEqual([
      'Dashboard',
      'Customers',
      'Identity review',
      'Deposits',
      'Withdrawals',
      'Payment channels',
      'Proposals',
      'Support console',
      'News',
      'Announcements',
      'Company',
      'Terms and risk warning',
      'Instruments',
      'Settings',
      'Outbox',
      'Audit log',
      'Staff accounts',
    ]);
    expect(await page.locator('.shell-who').innerText()).toContain('Administrator');
    await keepScreenshot(page, 'admin-shell');

    // The customer app never loads the back office's bundle.
    const customerHtml = await (await fetch(`${server.url}/`)).text();
    const adminHtml = await (await fetch(`${server.url}/admin/`)).text();
    const adminScript = adminHtml.match(/src="(\/admin\/assets\/[^"]+\.js)"/)?.[1];
    expect(adminScript).toBeDefined();
    expect(customerHtml).not.toContain('/admin/assets/');
  });

  it('a finance clerk signs in with a recovery code and sees only what the role may do', async () => {
    const email = `finance.${uniqueSuffix()}@meridian.test`;
    const staff = await createStaff(
      server.database.db,
      { email, name: 'Fay', role: 'finance', password: STAFF_PASSWORD, at: new Date() },
      null,
    );
    const token = await issueEnrolment(server.database.db, staff.id, new Date(), null);
    const info = await apiCall<{ secret: string }>(server, 'GET', '/admin/api/enrolment', { token });
    const enrolled = await apiCall<{ recovery_codes: string[] }>(server, 'POST', '/admin/api/enrol', {
      token,
      password: STAFF_PASSWORD,
      code: totpCode(info.data.secret, new Date()),
    });
    const recoveryCode = enrolled.data.recovery_codes[0] ?? '';

    // A desk of its own where someone is signed in (the session kept as the sign-in page keeps it),
    // who signs out first.
    const page = await openDesk(browser, server, desks);
    await page.goto('/admin/');
    await page.evaluate((stored) => sessionStorage.setItem('meridian.admin.token', stored), adminToken);
    await page.reload();
    await page.locator('.shell-menu').waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill(STAFF_PASSWORD);
    await page.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/admin/dashboard');
    await page.locator('.shell-menu').waitFor();
    // Finance: the dashboard, looking customers up, and the money screens; nothing else.
    const accessOf = async () =>
      (await page.locator('.shell-menu .ant-menu-item').allInnerTexts()).map((text) => text.trim());
    expect(await accessOf()).toEqual([
      'Dashboard',
      'Customers',
      'Deposits',
      'Withdrawals',
      'Payment channels',
      'Proposals',
    ]);
    await page.locator('.ant-segmented-item', { hasText: '繁體中文' }).click();
    await expect.poll(accessOf).toEqual(['總覽', '客戶', '入金', '出金', '收款渠道', '待批變更']);
    // The switch's thumb slides to the chosen language: the screenshot waits for it to settle.
    await page.locator('.ant-segmented-item-selected', { hasText: '繁體中文' }).waitFor();
    await motionSettled(page);
    await keepScreenshot(page, 'admin-shell-finance-hk');

    // The same code again is refused: each recovery code signs in once.
    const again = await apiCall(server, 'POST', '/admin/api/login', {
      email,
      password: STAFF_PASSWORD,
      recovery_code: recoveryCode,
    });
    expect(again.code).toBe(0);
  });
});
