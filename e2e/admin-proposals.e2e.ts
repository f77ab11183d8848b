import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tronAddress } from '../apps/server/test/funds';
import { closeDesks, type Desks, motionSettled, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { apiCall, registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// Control changes under a second admin, at a laptop's 1440x900 and at 1024x768:
// one admin changes a deposit address, confirms it with the old and new value, and is told it
// awaits a second admin; customers still see the old address; a second admin approves it on the
// Proposals screen; only then do customers see the new one.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');

let server: RunningServer;
let browser: Browser;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
});
afterEach(() => closeDesks(desks));
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** An admin of this test's own, signed in on a desk of the given size. */
async function adminDesk(name: string, viewport: { width: number; height: number }): Promise<Page> {
  const token = await enrolledStaffToken(server, {
    email: `${name.toLowerCase().replace(/\W+/g, '.')}.${uniqueSuffix()}@meridian.test`,
    role: 'admin',
    name,
  });
  const context: BrowserContext = await browser.newContext({
    baseURL: server.url,
    viewport,
    locale: 'en-US',
  });
  desks.push(context);
  await context.addInitScript((stored) => sessionStorage.setItem('meridian.admin.token', stored), token);
  return context.newPage();
}

/** The USDT TRC20 address the customer app is given to deposit to. */
async function customerAddress(customer: SessionData): Promise<string> {
  const info = await apiCall<{ currency_code: string; protocol_code: string; address: string }[]>(
    server,
    'GET',
    '/api/quickCharge/info',
    {},
    customer.token,
  );
  const channel = info.data.find((one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20');
  if (!channel) throw new Error('no USDT TRC20 channel for customers');
  return channel.address;
}

const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
] as const;

describe.each(VIEWPORTS)('a deposit address change at $width x $height', (viewport) => {
  it('is confirmed with before and after, awaits a second admin, and reaches customers only once approved', async () => {
    const size = `${viewport.width}x${viewport.height}`;
    const customer = await registerByEmail(server, `proposals.${uniqueSuffix()}@example.com`);
    const shownBefore = await customerAddress(customer);
    const address = tronAddress();

    // Ada proposes the new address.
    const ada = await adminDesk('Ada Proposer', viewport);
    await ada.goto('/admin/channels');
    const row = ada.locator('.coin-channels tbody tr', { hasText: 'USDT TRC20' });
    await row.waitFor();
    await row.getByRole('button', { name: 'Edit' }).click();
    const form = ada.locator('.coin-channel-form');
    await form.getByLabel('Platform address').fill(address);
    await form.getByRole('button', { name: 'Save' }).click();
    const confirmation = ada.locator('.change-confirmation');
    await confirmation.getByText('applies only when a second administrator approves it').waitFor();
    expect(await confirmation.locator('.field-changes th').innerText()).toBe('Platform address');
    expect(await confirmation.locator('.field-after').innerText()).toBe(address);
    const before = await confirmation.locator('.field-before').innerText();
    expect(before === shownBefore || before === 'Placeholder: not set').toBe(true);
    await motionSettled(ada);
    await keepScreenshot(ada, `admin-proposals-confirm-${size}`);
    await confirmation.getByRole('button', { name: 'Propose the change' }).click();

    const notice = ada.locator('.proposed-notice');
    await notice
      .getByText('Awaiting a second administrator')
      .waitFor({ timeout: 5000 })
      .catch(async (e) => {
        await keepScreenshot(ada, 'debug-notice');
        throw e;
      });
    const link = notice.getByRole('link', { name: /Open proposal #\d+/ });
    const proposalId = Number((await link.innerText()).replace(/\D+/g, ''));
    // The channel shows the change waiting on it; customers still get the old address.
    await row.locator('.pending-proposal').waitFor();
    expect(await customerAddress(customer)).toBe(shownBefore);
    await motionSettled(ada);
    await keepScreenshot(ada, `admin-proposals-awaiting-${size}`);

    // The link leads to the proposal: the proposer cannot decide it.
    await link.click();
    const own = ada.locator('.proposals tbody tr.proposal-highlighted');
    await own.getByText('Your proposal: another administrator decides').waitFor();
    expect(await own.innerText()).toContain(address);

    // Bob approves it on the Proposals screen.
    const bob = await adminDesk('Bob Approver', viewport);
    await bob.goto('/admin/proposals');
    const pending = bob.locator('.proposals tbody tr.ant-table-row', { hasText: address });
    await pending.waitFor();
    expect(await pending.innerText()).toContain('By Ada Proposer');
    expect(await pending.locator('.field-after').innerText()).toBe(address);
    await motionSettled(bob);
    await keepScreenshot(bob, `admin-proposals-pending-${size}`);
    expect(await customerAddress(customer)).toBe(shownBefore);
    await pending.locator('.approve-proposal').click();
    const approval = bob.locator('.approve-confirmation');
    await approval.locator('.field-after', { hasText: address }).waitFor();
    await approval.getByRole('button', { name: 'Approve' }).click();
    await bob.getByText('Approved: the change applies now.').waitFor();
    await expect.poll(() => pending.count()).toBe(0);

    expect(await customerAddress(customer)).toBe(address);
    await bob.goto(`/admin/proposals?state=applied&id=${proposalId}`);
    const applied = bob.locator('.proposals tbody tr.proposal-highlighted');
    await applied.getByText('Applied').waitFor();
    expect(await applied.innerText()).toContain('Bob Approver');
    await expect.poll(() => bob.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
    await motionSettled(bob);
    await keepScreenshot(bob, `admin-proposals-applied-${size}`);
  });
  it('confirms a money setting and a promotion to admin with before and after, then says they await a second admin', async () => {
    const size = `${viewport.width}x${viewport.height}`;
    const admin = await adminDesk('Ada Settings', viewport);
    await admin.goto('/admin/settings');
    const card = admin.locator('.setting-stop_out_level');
    await card.getByText('Needs a second administrator').waitFor();
    const input = card.locator('input');
    await expect.poll(() => input.inputValue()).not.toBe('');
    const current = await input.inputValue();
    const next = viewport.width === 1440 ? '45' : '46';
    await input.fill(next);
    await card.locator('.save-setting').click();
    const confirmation = admin.locator('.change-confirmation');
    await confirmation.getByText('applies only when a second administrator approves it').waitFor();
    expect(await confirmation.locator('.field-changes th').innerText()).toBe('Stop-out level');
    expect(await confirmation.locator('.field-before').innerText()).toBe(current);
    expect(await confirmation.locator('.field-after').innerText()).toBe(next);
    await motionSettled(admin);
    await keepScreenshot(admin, `admin-proposals-setting-confirm-${size}`);
    await confirmation.getByRole('button', { name: 'Propose the change' }).click();
    await admin.locator('.proposed-notice').getByText('Awaiting a second administrator').waitFor();
    await card.locator('.pending-proposal').waitFor();
    // Still in force: the old value.
    await expect.poll(() => input.inputValue()).toBe(current);
    const settings = await apiCall<{ list: { key: string; value: string }[] }>(
      server,
      'GET',
      '/admin/api/settings',
      {},
      await enrolledStaffToken(server, {
        email: `reader.${uniqueSuffix()}@meridian.test`,
        role: 'admin',
        name: 'Settings Reader',
      }),
    );
    expect(settings.data.list.find((one) => one.key === 'stop_out_level')?.value).toBe(current);
    await motionSettled(admin);
    await keepScreenshot(admin, `admin-proposals-setting-awaiting-${size}`);

    // A promotion to admin is confirmed and proposed; a change to another role applies at once.
    const memberEmail = `sam.${uniqueSuffix()}@meridian.test`;
    const made = await apiCall(
      server,
      'POST',
      '/admin/api/staff/create',
      {
        email: memberEmail,
        name: 'Sam Support',
        role: 'support',
      },
      await enrolledStaffToken(server, {
        email: `maker.${uniqueSuffix()}@meridian.test`,
        role: 'admin',
        name: 'Maker',
      }),
    );
    expect(made.code).toBe(1);
    await admin.goto('/admin/staff');
    const member = admin.locator('.staff-table tbody tr.ant-table-row', { hasText: memberEmail });
    await member.waitFor();
    await member.locator('.ant-select').click();
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Administrator' })
      .click();
    const roleConfirmation = admin.locator('.change-confirmation .ant-modal-confirm-body');
    await roleConfirmation
      .locator('.ant-modal-confirm-title', { hasText: 'Change the role of Sam Support?' })
      .waitFor();
    expect(await roleConfirmation.locator('.field-before').innerText()).toBe('Support');
    expect(await roleConfirmation.locator('.field-after').innerText()).toBe('Administrator');
    await roleConfirmation.getByText('applies only when a second administrator approves it').waitFor();
    await motionSettled(admin);
    await keepScreenshot(admin, `admin-proposals-role-confirm-${size}`);
    await admin.locator('.change-confirmation').getByRole('button', { name: 'Propose the change' }).click();
    await admin.locator('.proposed-notice').getByText('Awaiting a second administrator').waitFor();
    await member.locator('.pending-proposal').waitFor();
    expect(await member.innerText()).toContain('Support');
    await member.locator('.ant-select').click();
    await admin
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Finance' })
      .click();
    const atOnce = admin.locator('.change-confirmation', { hasText: 'This change applies at once.' });
    await atOnce.waitFor();
    await atOnce.getByRole('button', { name: 'Apply the change' }).click();
    await expect.poll(() => member.innerText()).toContain('Finance');
  });
});
