import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/migrate';
import { keepScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { PASSWORD, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The terms at sign-up, at a phone's size (390x844): the sign-up asks for the terms and the risk warning
// (boxes whose links open the texts in the reader's language), refuses to go on without them, and
// records the versions accepted; log out is on the personal center's first screen, with a confirm.
let server: RunningServer;
let browser: Browser;
const phones: BrowserContext[] = [];

const newEmail = () => `terms.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

async function phonePage(): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  phones.push(phone);
  const page = await phone.newPage();
  await page.goto('/');
  return page;
}

async function acceptancesOf(email: string) {
  return rowsOf<{ kind: string; version: number }>(
    await server.database.db.execute(
      sql`select a.kind, a.version from legal_acceptances a join users u on u.id = a.user_id
          where u.email = ${email} order by a.kind`,
    ),
  );
}

async function usersWith(email: string): Promise<number> {
  const rows = rowsOf<{ n: number }>(
    await server.database.db.execute(sql`select count(*)::int as n from users where email = ${email}`),
  );
  return rows[0]?.n ?? -1;
}

async function openSessions(email: string): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email} and s.revoked_at is null`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

/** Fills the register form (e-mail, code from the outbox, passwords) without ticking anything. */
async function fillRegisterForm(page: Page, email: string): Promise<void> {
  await page.locator('input[type=email]').fill(email);
  await page.locator('.send-code-button').click();
  await expect.poll(async () => (await server.outbox()).some((message) => message.to === email)).toBe(true);
  const code = (await server.outbox()).reverse().find((message) => message.to === email)?.code ?? '';
  await page.locator('input[autocomplete=one-time-code]').fill(code);
  const passwords = page.locator('input[autocomplete=new-password]');
  await passwords.nth(0).fill(PASSWORD);
  await passwords.nth(1).fill(PASSWORD);
}

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const phone of phones.splice(0)) await phone.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('sign-up with the terms and the risk warning', () => {
  it('refuses to sign up without the boxes, opens the texts, and records the versions accepted', async () => {
    const email = newEmail();
    const page = await phonePage();
    await openInLanguage(page, 'en', '/register');
    await fillRegisterForm(page, email);
    await page.locator('button[type=submit]').click();
    await expect
      .poll(() => page.locator('.legal-acceptance-error').allTextContents())
      .toEqual(['Please read and accept the client agreement', 'Please read and accept the risk warning']);
    await keepScreenshot(page, 'sign-up-terms-missing');
    expect(await usersWith(email)).toBe(0);

    // The link opens the text over the form, which keeps what was typed.
    await page.locator('.legal-acceptance-link', { hasText: 'Risk Warning' }).click();
    await expect.poll(() => page.getByTestId('legal-text').locator('h2').textContent()).toBe('Risk Warning');
    expect(await page.getByTestId('legal-text').textContent()).toContain(
      'Leverage magnifies gains and losses',
    );
    await keepScreenshot(page, 'sign-up-terms-risk-text');
    await page.locator('.adm-popup-close-icon').click();
    await expect.poll(() => page.getByTestId('legal-text').count()).toBe(0);
    expect(await page.locator('input[type=email]').inputValue()).toBe(email);

    await page.getByTestId('accept-terms').click();
    await page.getByTestId('accept-risk').click();
    await expect.poll(() => page.locator('.legal-acceptance-error').count()).toBe(0);
    await keepScreenshot(page, 'sign-up-terms-ticked');
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await acceptancesOf(email)).toEqual([
      { kind: 'risk', version: 1 },
      { kind: 'terms', version: 1 },
    ]);
  });

  it('opens the texts in the reader’s language (Arabic)', async () => {
    const page = await phonePage();
    await openInLanguage(page, 'ar', '/register');
    await page.locator('.legal-acceptance-link', { hasText: 'اتفاقية العميل' }).click();
    await expect
      .poll(() => page.getByTestId('legal-text').locator('h2').textContent())
      .toBe('اتفاقية العميل');
    await keepScreenshot(page, 'sign-up-terms-text-ar');
  });
});

describe('log out from the personal center', () => {
  it('is on /user’s first screen, asks first, and ends the session', async () => {
    const email = newEmail();
    const session = await registerByEmail(server, email);
    const phone = await newPhone(browser, server.url);
    phones.push(phone);
    const page = await signIn(phone, session);
    await page.goto('/user');
    const button = page.locator('.user-logout button');
    await expect.poll(() => button.isVisible()).toBe(true);
    // Reachable without scrolling far: within the center's page, its box measured.
    const box = await button.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    await keepScreenshot(page, 'user-center-logout');

    await button.click();
    await expect.poll(() => page.locator('.adm-dialog-body:visible').count()).toBe(1);
    await keepScreenshot(page, 'user-center-logout-confirm');
    // Cancel keeps the session.
    await page.locator('.adm-dialog-button').first().click();
    await expect.poll(() => page.locator('.adm-dialog-body:visible').count()).toBe(0);
    expect(await openSessions(email)).toBe(1);

    await button.click();
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => openSessions(email)).toBe(0);
  });
});
