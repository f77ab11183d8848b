import { sql } from 'drizzle-orm';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/migrate';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { apiCall, PASSWORD, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// A person's account flows at a phone's size, against the real server and database:
// register by e-mail with the code from the outbox, log out, log in and be sent back where
// they were going, try a demo account, and read the app in Arabic, right to left. Each test opens its
// own phone (a browser context: its own storage and cookies) and makes the account it needs, so it
// passes alone and in any order; the server and the browser are shared.
let server: RunningServer;
let browser: Browser;
/** The phones the running test opened, closed after it. */
const phones: BrowserContext[] = [];

/** The password the register test types, the one registerByEmail gives. */
const password = PASSWORD;

/** An address no other test uses. */
const newEmail = () => `e2e.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;

/** A phone of the running test's own (closed after it), with a page in English on the app's origin. */
async function englishPhone(): Promise<Page> {
  const phone = await newPhone(browser, server.url);
  phones.push(phone);
  const page = await phone.newPage();
  await useEnglish(page);
  return page;
}

/** A customer registered by e-mail and signed in on a phone of the running test's own, in English. */
async function signedInCustomer(): Promise<{ email: string; page: Page }> {
  const email = newEmail();
  const session = await registerByEmail(server, email);
  const phone = await newPhone(browser, server.url);
  phones.push(phone);
  return { email, page: await signIn(phone, session) };
}

async function useEnglish(target: Page): Promise<void> {
  await target.goto('/');
  await target.evaluate(() =>
    localStorage.setItem('meridian.language', JSON.stringify({ state: { language: 'en' }, version: 1 })),
  );
}

async function storedToken(target: Page): Promise<string | null> {
  return target.evaluate(() => {
    const raw = localStorage.getItem('meridian.user');
    return raw ? ((JSON.parse(raw) as { state?: { token?: string | null } }).state?.token ?? null) : null;
  });
}

async function openSessions(email: string): Promise<number> {
  const result = await server.database.db.execute(
    sql`select count(*)::int as n from sessions s join users u on u.id = s.user_id where u.email = ${email} and s.revoked_at is null`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
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

describe('accounts in the browser', () => {
  it('registers by e-mail with the code from the outbox and lands home, signed in', async () => {
    const email = newEmail();
    const page = await englishPhone();
    await page.goto('/register');
    await page.locator('input[type=email]').fill(email);
    await page.locator('.send-code-button').click();
    await expect.poll(async () => (await server.outbox()).some((message) => message.to === email)).toBe(true);
    const code = (await server.outbox()).reverse().find((message) => message.to === email)?.code ?? '';
    expect(code).toMatch(/^\d{6}$/);

    await page.locator('input[autocomplete=one-time-code]').fill(code);
    const passwords = page.locator('input[autocomplete=new-password]');
    await passwords.nth(0).fill(password);
    await passwords.nth(1).fill(password);
    // The terms and the risk warning (e2e/sign-up-terms.e2e.ts tests them).
    await page.getByTestId('accept-terms').click();
    await page.getByTestId('accept-risk').click();
    await keepScreenshot(page, 'register-filled');
    await page.locator('button[type=submit]').click();

    await page.waitForURL((url) => url.pathname === '/');
    expect(await storedToken(page)).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(await openSessions(email)).toBe(1);
    await keepScreenshot(page, 'home-signed-in');
  });

  it('shows the signed-in user in the personal center', async () => {
    const { email, page } = await signedInCustomer();
    await page.goto('/user');
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'user-center');
  });

  it('logs out after confirmation, ending the session on the server', async () => {
    const { email, page } = await signedInCustomer();
    expect(await openSessions(email)).toBe(1);
    await page.goto('/mine/system');
    await page.locator('.page-actions button').click();
    await keepScreenshot(page, 'logout-confirm');
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => storedToken(page)).toBeNull();
    await expect.poll(() => openSessions(email)).toBe(0);
  });

  it('sends a visitor from /order to the login page and back there after login', async () => {
    // A registered customer with no session open (the one registering opened is ended), visiting.
    const email = newEmail();
    const registered = await registerByEmail(server, email);
    expect((await apiCall(server, 'POST', '/api/user/logout', {}, registered.token)).code).toBe(1);
    expect(await openSessions(email)).toBe(0);
    const page = await englishPhone();
    await page.goto('/order');
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/order');
    await keepScreenshot(page, 'login-from-order');

    await page.locator('input[type=email]').fill(email);
    await page.locator('input[type=password]').fill('WrongPassword1');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.locator('.adm-toast-main').count()).toBeGreaterThan(0);
    await keepScreenshot(page, 'login-wrong-password');
    expect(new URL(page.url()).pathname).toBe('/login');

    await page.locator('input[type=password]').fill(password);
    await page.locator('button[type=submit]').click();
    await page.waitForURL((url) => url.pathname === '/order');
    expect(await storedToken(page)).not.toBeNull();
    expect(await openSessions(email)).toBe(1);
  });

  it('opens a demo account from the login page', async () => {
    const demo = await browser.newContext({ baseURL: server.url, viewport: { width: 390, height: 844 } });
    phones.push(demo);
    // The demo customers there are before (the strategy traders are demo users too).
    const demoAccounts = async () =>
      rowsOf<{ id: number; balance: string }>(
        await server.database.db.execute(
          sql`select u.id, a.balance::text as balance from users u join trading_accounts a on a.user_id = u.id
              where u.is_demo and not exists (select 1 from traders t where t.user_id = u.id)`,
        ),
      );
    const before = new Set((await demoAccounts()).map((row) => row.id));
    const demoPage = await demo.newPage();
    await useEnglish(demoPage);
    await demoPage.goto('/login');
    await keepScreenshot(demoPage, 'login');
    await demoPage.locator('.demo-entry button').click();
    await demoPage.waitForURL((url) => url.pathname !== '/login');
    expect(await storedToken(demoPage)).not.toBeNull();

    await demoPage.goto('/user');
    await expect.poll(() => demoPage.getByText('Demo account').count()).toBeGreaterThan(0);
    await keepScreenshot(demoPage, 'user-center-demo');

    // The one this test opened is the only new demo customer, with the full virtual balance.
    const opened = (await demoAccounts()).filter((row) => !before.has(row.id));
    expect(opened.map((row) => Number(row.balance))).toEqual([100000]);
  });

  it('switches to Arabic and lays the page out right to left', async () => {
    const page = await englishPhone();
    await page.goto('/language');
    await page.getByText('العربية').click();
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('ar');
    await page.goto('/login');
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await keepScreenshot(page, 'login-arabic');
    await page.goto('/');
    // The stored language is applied at start-up (Arabic's texts load on demand), so wait for it.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
    await keepScreenshot(page, 'home-arabic');
  });
});
