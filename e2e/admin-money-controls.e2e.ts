import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, motionSettled, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { staffToken, verifyIdentity } from './support/funds';
import { bindTrc20Address, creditDeposit, requestWithdrawal } from './support/funds-setup';
import { apiCall, idPhoto, registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Money controls in the back office, at a laptop's 1440x900 and at
// 1024x768: a customer reports 100 USDT and a finance clerk types 250 to credit. The queue and the
// drawer show the deposit's flags and the customer's context; the first approval only records
// itself ("Approvals 1 of 2", who approved), the same clerk cannot approve again, and a second
// clerk credits the same amount, once: the customer's balance holds it.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');

let server: RunningServer;
let browser: Browser;
let complianceToken: string;
let fionaToken: string;
let frankToken: string;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  complianceToken = await staffToken(server, 'compliance', 'Clara Compliance');
  fionaToken = await staffToken(server, 'finance', 'Fiona Finance');
  frankToken = await staffToken(server, 'finance', 'Frank Finance');
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

/** A screenshot once antd's toasts and pop-ups have gone and nothing moves. */
async function keepSettled(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await expect
    .poll(() => page.locator('.ant-popover:not(.ant-popover-hidden)').count(), { timeout: 10_000 })
    .toBe(0);
  await motionSettled(page);
  await keepScreenshot(page, name);
}

async function confirmPop(page: Page): Promise<void> {
  await page
    .locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary')
    .click();
}

/** A verified customer who reports a USDT TRC20 deposit with a proof of their own; its id. */
async function reportedDeposit(customer: SessionData, number: string): Promise<number> {
  const form = new FormData();
  form.append('purpose', 'proof');
  // A colour of this test's own: the proof is nobody else's (no "proof reused" flag by chance).
  const hue = `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, '0')}`;
  form.append('file', new Blob([new Uint8Array(await idPhoto('png', hue))], { type: 'image/png' }), 'p.png');
  const uploaded = (await (
    await fetch(`${server.url}/api/common/image_upload`, {
      method: 'POST',
      headers: { lang: 'en', authorization: customer.token },
      body: form,
    })
  ).json()) as { code: number; msg: string; data: { name: string } };
  if (uploaded.code !== 1) throw new Error(`upload: ${uploaded.msg}`);
  const channels = await apiCall<
    { id: number; currency_code: string; protocol_code: string; address: string }[]
  >(server, 'GET', '/api/quickCharge/info', {}, customer.token);
  const trc20 = channels.data.find((one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20');
  if (!trc20) throw new Error('no USDT TRC20 channel');
  const deposit = await apiCall<{ id: number }>(
    server,
    'POST',
    '/api/quickCharge/submit',
    { number, proofImg: uploaded.data.name, address: trc20.address, charge_id: trc20.id },
    customer.token,
  );
  if (deposit.code !== 1) throw new Error(`deposit: ${deposit.msg}`);
  return deposit.data.id;
}

const balanceOf = async (customer: SessionData) =>
  (await apiCall<{ balance: string }>(server, 'GET', '/v1/api/main/account/forexDetail', {}, customer.token))
    .data.balance;

async function deskAt(token: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await openDesk(browser, server, desks, token);
  await page.setViewportSize(viewport);
  return page;
}

describe.each([
  { label: '1440', width: 1440, height: 900 },
  { label: '1024', width: 1024, height: 768 },
])('deposit credits under four-eyes ($width x $height)', ({ label, width, height }) => {
  it('flags a differing credit, takes two finance clerks, and credits once', async () => {
    const customer = await registerByEmail(server, `money.${uniqueSuffix()}@example.com`);
    await verifyIdentity(server, customer, complianceToken);
    const id = await reportedDeposit(customer, '100');
    const fiona = await deskAt(fionaToken, { width, height });

    // The queue: the deposit's flags (a first deposit, sent to the placeholder address).
    await fiona.goto('/admin/deposits');
    const row = fiona.locator(`.deposits-table tr[data-record-id="${id}"]`);
    await row.waitFor();
    await row.locator('.flag-first_deposit').waitFor();
    expect(await row.locator('.flag-placeholder_channel').innerText()).toBe('Placeholder channel');
    expect(await row.locator('.flag-credit_differs').count()).toBe(0);

    // The drawer: the customer's context, and a typed credit that differs flags itself and needs two.
    await row.getByRole('button', { name: 'Review' }).click();
    const drawer = fiona.locator('.deposit-drawer');
    await drawer.locator('.context-identity', { hasText: 'Verified' }).waitFor();
    expect(await drawer.locator('.context-balance').innerText()).toBe('0 USDT');
    await drawer.locator(`.context-deposits tr[data-row-key="${id}"]`).waitFor();
    expect(await drawer.locator('.customer-context-link').getAttribute('href')).toBe(
      `/admin/customers/${customer.user.id}`,
    );
    await drawer.getByLabel('USDT to credit').fill('250');
    await drawer.locator('.flag-text-credit_differs').waitFor();
    await drawer.getByLabel('Reason for another amount').fill('Customer sent a second transfer.');
    await drawer.locator('.deposit-needs-second').waitFor();
    expect(await drawer.locator('.four-eyes').innerText()).toContain('Approvals 0 of 2');
    await drawer.locator('.deposit-approve').scrollIntoViewIfNeeded();
    await keepSettled(fiona, `admin-money-deposit-typed-${label}`);
    // The top of the same drawer: what the reviewer is warned of.
    await drawer.locator('.ant-drawer-body').evaluate((body) => body.scrollTo(0, 0));
    await keepSettled(fiona, `admin-money-deposit-flags-${label}`);
    await drawer.locator('.deposit-approve', { hasText: 'Approve 250 USDT (1 of 2)' }).click();
    await confirmPop(fiona);
    await fiona
      .getByText('Approval recorded. A second staff member must approve it before it is credited.')
      .waitFor();
    expect(await balanceOf(customer)).toBe('0');

    // The queue shows "1 of 2", who approved first, the amount and the flag.
    await expect.poll(() => row.innerText()).toContain('Approvals 1 of 2');
    const cells = await row.innerText();
    expect(cells).toContain('First approval: Fiona Finance');
    expect(cells).toContain('250.00 USDT');
    await row.locator('.flag-credit_differs').waitFor();
    await keepSettled(fiona, `admin-money-queue-first-approval-${label}`);

    // Fiona again: the screen says why not, and the server refuses her anyway.
    await row.getByRole('button', { name: 'Review' }).click();
    await drawer.locator('.four-eyes-same-staff').waitFor();
    expect(await drawer.locator('.deposit-approve').count()).toBe(0);
    expect(
      await apiCall(server, 'POST', '/admin/api/funds/deposits/approve', { id, amount: '250' }, fionaToken),
    ).toEqual({
      code: 0,
      msg: 'You have already approved this deposit. A second staff member must approve it.',
      data: null,
    });

    // Frank credits the same amount.
    const frank = await deskAt(frankToken, { width, height });
    await frank.goto('/admin/deposits');
    const frankRow = frank.locator(`.deposits-table tr[data-record-id="${id}"]`);
    await frankRow.getByRole('button', { name: 'Review' }).click();
    const frankDrawer = frank.locator('.deposit-drawer');
    await frankDrawer
      .locator('.deposit-second-approval', { hasText: 'Fiona Finance approved 250.00 USDT' })
      .waitFor();
    expect(await frankDrawer.locator('.four-eyes').innerText()).toContain('Approvals 1 of 2');
    await frankDrawer.locator('.context-identity').waitFor();
    await keepSettled(frank, `admin-money-second-approval-${label}`);
    await frankDrawer.locator('.deposit-approve').scrollIntoViewIfNeeded();
    await keepSettled(frank, `admin-money-second-approval-decision-${label}`);
    await frankDrawer.locator('.deposit-approve', { hasText: 'Approve and credit 250.00 USDT' }).click();
    await confirmPop(frank);
    await frank.getByText('Deposit credited. The customer has been notified.').waitFor();
    await expect.poll(() => frankRow.count()).toBe(0);
    expect(await balanceOf(customer)).toBe('250');

    // Credited once, by Frank, after Fiona; the customer's context shows the balance.
    await frank.locator('.filter-status').click();
    await frank.locator('.ant-select-item-option', { hasText: 'All statuses' }).click();
    const credited = frank.locator(`.deposits-table tr[data-record-id="${id}"]`);
    await credited.getByRole('button', { name: 'View' }).click();
    await frankDrawer.locator('.context-balance', { hasText: '250' }).waitFor();
    const approvals = await frankDrawer.locator('.four-eyes').innerText();
    expect(approvals).toContain('Fiona Finance approved 250.00 USDT');
    expect(approvals).toContain('Frank Finance approved 250.00 USDT');
    await keepSettled(frank, `admin-money-credited-${label}`);
    await frankDrawer.locator('.customer-context-link').click();
    await frank.waitForURL(`**/admin/customers/${customer.user.id}`);
  });
});

describe('the customer context in the review drawers (1440x900)', () => {
  it('the withdrawal and identity drawers show identity, balances and the latest records', async () => {
    const customer = await registerByEmail(server, `context.${uniqueSuffix()}@example.com`);
    await verifyIdentity(server, customer, complianceToken);
    await creditDeposit(server, fionaToken, customer, '300');
    const to = await bindTrc20Address(server, customer, 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7');
    const withdrawal = await requestWithdrawal(server, customer, to, '100', 'rent');

    const fiona = await openDesk(browser, server, desks, fionaToken);
    await fiona.goto('/admin/withdrawals');
    const row = fiona.locator(`.withdrawals-table tr[data-record-id="${withdrawal.id}"]`);
    await row.getByRole('button', { name: 'Review' }).click();
    const context = fiona.locator('.withdrawal-drawer .customer-context');
    await context.locator('.context-identity', { hasText: 'Verified' }).waitFor();
    expect(await context.locator('.context-balance').innerText()).toBe('200 USDT');
    expect(await context.innerText()).toContain('100 USDT');
    expect(await context.locator('.context-deposits tbody tr').count()).toBe(1);
    await context.locator(`.context-withdrawals tr[data-row-key="${withdrawal.id}"]`).waitFor();
    await context.scrollIntoViewIfNeeded();
    await keepSettled(fiona, 'admin-money-withdrawal-context');

    const compliance = await openDesk(browser, server, desks, complianceToken);
    await compliance.goto('/admin/identity');
    await compliance.locator('.identity-filter').getByText('Verified').click();
    const submission = compliance.locator('.identity-table tbody tr', { hasText: customer.user.uid });
    await submission.locator('button').click();
    const identityContext = compliance.locator('.identity-drawer .customer-context');
    await identityContext.locator('.context-balance', { hasText: '200 USDT' }).waitFor();
    expect(await identityContext.locator('.context-identity').innerText()).toBe('Verified');
    await identityContext.scrollIntoViewIfNeeded();
    await keepSettled(compliance, 'admin-money-identity-context');
  });
});
