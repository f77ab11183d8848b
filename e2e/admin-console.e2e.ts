import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, motionSettled, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { setChannelAddress, staffCall, staffToken, verifyIdentity } from './support/funds';
import { bindTrc20Address, creditDeposit, requestWithdrawal, verifiedCustomer } from './support/funds-setup';
import { registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The console tells the truth and reads well, at a laptop's 1440x900 and at 1024x768:
// a list whose call fails shows the error and a Retry that recovers, never an empty list; a
// customer is found by part of their name; at 1024 px the menu is folded and the widest table's
// last column is reachable by scrolling the table, not the page.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const PLATFORM_TRC20 = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const CUSTOMER_TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

let server: RunningServer;
let browser: Browser;
let adminToken: string;
let complianceToken: string;
let financeToken: string;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  adminToken = await staffToken(server, 'admin', 'Ada Admin');
  complianceToken = await staffToken(server, 'compliance', 'Cleo Compliance');
  financeToken = await staffToken(server, 'finance', 'Pia Payer');
  await setChannelAddress(server, financeToken, 'TRC20', PLATFORM_TRC20);
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

/** A desk of this test at the viewport, in English, signed in with the token. */
async function desk(viewport: { width: number; height: number }, token: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport, locale: 'en-US' });
  desks.push(context);
  await context.addInitScript((stored) => sessionStorage.setItem('meridian.admin.token', stored), token);
  return context.newPage();
}

/** A verified customer whose name on the identity document is `name`. */
async function namedCustomer(name: string): Promise<SessionData> {
  const customer = await registerByEmail(server, `named.${uniqueSuffix()}@example.com`);
  await verifyIdentity(server, customer, complianceToken);
  await server.database.db.execute(
    sql`update real_name_submissions set name = ${name} where user_id = ${customer.user.id}`,
  );
  return customer;
}

const label = (viewport: { width: number; height: number }) => `${viewport.width}x${viewport.height}`;

describe.each(VIEWPORTS)('the console at $width x $height', (viewport) => {
  it('a list whose call fails shows the error and Retry, never an empty list; Retry recovers', async () => {
    const customer = await registerByEmail(server, `retry.${uniqueSuffix()}@example.com`);
    const page = await desk(viewport, adminToken);
    // The first call of the list fails as a proxy's 503 would; the next ones reach the server.
    let failed = 0;
    await page.route('**/admin/api/customers/search**', async (route) => {
      if (failed > 0) return route.continue();
      failed += 1;
      return route.fulfill({ status: 503, contentType: 'text/html', body: '<h1>Service Unavailable</h1>' });
    });
    await page.goto('/admin/customers');
    const failure = page.locator('.customers-results-failed');
    await failure.waitFor();
    expect(await failure.innerText()).toContain('This list could not be loaded');
    expect(await failure.innerText()).toContain('The server answered with an error (HTTP 503)');
    expect(await page.locator('.ant-empty').count()).toBe(0);
    expect(await page.locator('.customers-results').count()).toBe(0);
    await motionSettled(page);
    await keepScreenshot(page, `admin-console-list-failed-${label(viewport)}`);

    await page.locator('.list-retry').click();
    await page.locator(`.customers-results tr[data-customer-id="${customer.user.id}"]`).waitFor();
    expect(await page.locator('.customers-results-failed').count()).toBe(0);
    // Without a search the list is every customer, newest first: the one just registered leads.
    const firstRow = page.locator('.customers-results tbody tr.ant-table-row').first();
    expect(await firstRow.getAttribute('data-customer-id')).toBe(String(customer.user.id));
  });

  it('finds a customer by part of their name', async () => {
    const unique = uniqueSuffix().replace(/\d/g, 'x');
    const customer = await namedCustomer(`Wong Quillan${unique} Tai`);
    const page = await desk(viewport, complianceToken);
    await page.goto('/admin/customers');
    await page.locator('.customers-results').waitFor();
    const search = page.locator('.customers-search input');
    await search.fill(`quillan${unique}`);
    await search.press('Enter');
    await page.waitForURL(/\?q=quillan/);
    const rows = page.locator('.customers-results tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().getAttribute('data-customer-id')).toBe(String(customer.user.id));
    expect(await rows.first().innerText()).toContain(customer.user.uid);
    await motionSettled(page);
    await keepScreenshot(page, `admin-console-search-${label(viewport)}`);
    await rows.first().click();
    await page.waitForURL(`**/admin/customers/${customer.user.id}`);
  });

  it('the paid withdrawals show who paid and the payment reference', async () => {
    const customer = await verifiedCustomer(server, complianceToken);
    await creditDeposit(server, financeToken, customer, '300');
    const to = await bindTrc20Address(server, customer, CUSTOMER_TRC20);
    const withdrawal = await requestWithdrawal(server, customer, to, '120', 'rent');
    const reference = `0x${uniqueSuffix()}${'ab'.repeat(28)}`;
    await staffCall(server, financeToken, 'POST', '/admin/api/funds/withdrawals/pay', {
      id: withdrawal.id,
      payout_reference: reference,
    });
    const page = await desk(viewport, financeToken);
    await page.goto('/admin/withdrawals');
    await page.locator('.withdrawals-table').waitFor();
    await page.locator('.filter-status').click();
    await page.locator('.ant-select-item-option', { hasText: 'Paid' }).click();
    const row = page.locator(`.withdrawals-table tr[data-record-id="${withdrawal.id}"]`);
    await row.waitFor();
    const decided = row.locator('td.withdrawal-decided');
    expect(await decided.innerText()).toContain('Paid by Pia Payer');
    expect(await decided.locator('.withdrawal-reference').getAttribute('title')).toBe(reference);
    expect(await row.innerText()).toContain('120.00 USDT');
    // The column is reachable: the table scrolls sideways to it, the page does not.
    await decided.scrollIntoViewIfNeeded();
    const box = await decided.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    await page.mouse.move(0, 0);
    await motionSettled(page);
    await keepScreenshot(page, `admin-console-paid-${label(viewport)}`);
  });

  it('the menu folds, headers never wrap, and the widest table scrolls to its last column', async () => {
    const page = await desk(viewport, adminToken);
    await page.goto('/admin/audit');
    await page.locator('.audit-table tbody tr.ant-table-row').first().waitFor();
    const sider = page.locator('.shell-sider');
    const folded = () =>
      sider.evaluate((element) => element.classList.contains('ant-layout-sider-collapsed'));
    // Folded from the start on the narrow screen, open on the wide one; the header's button toggles it.
    expect(await folded()).toBe(viewport.width < 1200);
    if (viewport.width >= 1200) {
      await page.locator('.shell-collapse').click();
      await expect.poll(folded).toBe(true);
    }
    // The page itself never scrolls sideways: a wide table scrolls inside its own box.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    const headers = page.locator('.audit-table thead th');
    for (const whiteSpace of await headers.evaluateAll((cells) =>
      cells.map((cell) => getComputedStyle(cell).whiteSpace),
    )) {
      expect(whiteSpace).toBe('nowrap');
    }
    const last = page.locator('.audit-table tbody tr.ant-table-row').first().locator('td').last();
    await last.scrollIntoViewIfNeeded();
    const box = await last.boundingBox();
    expect(box).not.toBeNull();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport.width);
    await last.getByRole('button', { name: 'Details' }).click();
    await page.locator('.ant-drawer-open').waitFor();
    // Actions and objects in words, times to the second.
    expect(await page.locator('.ant-drawer-open').innerText()).toMatch(/\d{2}:\d{2}:\d{2}/);
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-drawer-open').count()).toBe(0);
    await motionSettled(page);
    await keepScreenshot(page, `admin-console-audit-${label(viewport)}`);
  });
});
