import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, motionSettled, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { staffToken, verifyIdentity } from './support/funds';
import { registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Least privilege on identity data at a laptop's 1440x900: a finance clerk and a
// support agent opening a customer's identity record see the legal name and ID number masked (as
// the customer's own app masks the number) with a line saying why; compliance sees them in full.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
/** What verifyIdentity sends for every customer. */
const FULL = { name: 'Ana Lima', cardId: 'K1234567' };
const MASKED = { name: 'An****ma', cardId: 'K1****67' };

let server: RunningServer;
let browser: Browser;
let complianceToken: string;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  complianceToken = await staffToken(server, 'compliance', 'Clara Compliance');
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

/** A customer of this test whose identity compliance approved (API). */
async function verifiedCustomer(): Promise<SessionData> {
  const session = await registerByEmail(server, `masked.${uniqueSuffix()}@example.com`);
  await verifyIdentity(server, session, complianceToken);
  return session;
}

/** The customer's identity tab on the desk of the staff member with this token. */
async function identityTab(customer: SessionData, token: string): Promise<Page> {
  const desk = await openDesk(browser, server, desks, token);
  await desk.goto(`/admin/customers/${customer.user.id}`);
  await desk.locator('.customer-identity').waitFor();
  await desk.getByRole('tab', { name: 'Identity' }).click();
  await desk.locator('.customer-identity-record', { hasText: 'Verified' }).waitFor();
  await expect.poll(() => desk.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await motionSettled(desk);
  return desk;
}

describe('identity data on the customer page (1440x900)', () => {
  it('is masked for a finance clerk and a support agent, with the reason shown', async () => {
    const customer = await verifiedCustomer();
    for (const role of ['finance', 'support'] as const) {
      const token = await staffToken(server, role, role === 'finance' ? 'Ravi Finance' : 'Sam Support');
      const desk = await identityTab(customer, token);
      const record = await desk.locator('.customer-identity-record').innerText();
      expect(record).toContain(MASKED.cardId);
      expect(record).toContain(MASKED.name);
      expect(record).not.toContain(FULL.cardId);
      expect(record).not.toContain(FULL.name);
      expect(await desk.locator('.customer-identity-masked').innerText()).toBe(
        'Masked: the full name and number are shown to compliance and administrators only.',
      );
      await keepScreenshot(desk, `admin-identity-masked-${role}`);
    }
  });

  it('is shown in full to compliance', async () => {
    const customer = await verifiedCustomer();
    const desk = await identityTab(customer, complianceToken);
    const record = await desk.locator('.customer-identity-record').innerText();
    expect(record).toContain(FULL.cardId);
    expect(record).toContain(FULL.name);
    expect(await desk.locator('.customer-identity-masked').count()).toBe(0);
    await keepScreenshot(desk, 'admin-identity-full-compliance');
  });
});
