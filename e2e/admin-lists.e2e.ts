import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LIMITS } from '@meridian/contract/limits';
import { asAccountId } from '@meridian/domain/ids';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/migrate';
import { postToLedger } from '../apps/server/src/modules/ledger/ledger.public';
import { closeDesks, type Desks, motionSettled, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { staffToken } from './support/funds';
import { apiCall, registerByEmail } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The back office's lists sort on the server and export whole, at 1440x900: a
// header click sorts every page (the second page follows the first), the header says the direction
// (aria-sort), and the CSV file is the whole filtered, sorted list, not the page on screen.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const PAGE_SIZE = LIMITS.customerSearchPageSizeDefault;
const CUSTOMERS = PAGE_SIZE * 2 + 5;

let server: RunningServer;
let browser: Browser;
let supportToken: string;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  supportToken = await staffToken(server, 'support', 'Lena Lists');
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

/**
 * Customers whose e-mails share a prefix and differ in two lower-case letters only (every collation
 * orders those alike), written in a shuffled order so that their ids do not follow their e-mails.
 * Answers the prefix (what the search finds) and the e-mails in ascending order.
 */
async function customersToSort(): Promise<{ prefix: string; emails: string[] }> {
  const prefix = `lst${uniqueSuffix().replace(/\D/g, '').slice(-8)}`;
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  const emails = Array.from(
    { length: CUSTOMERS },
    (_, index) => `${prefix}${letters[Math.floor(index / 26)]}${letters[index % 26]}@example.com`,
  );
  const shuffled = emails.map((email, index) => ({ email, at: (index * 17) % CUSTOMERS }));
  shuffled.sort((left, right) => left.at - right.at);
  for (const [index, { email }] of shuffled.entries()) {
    await server.database.db.execute(
      sql`insert into users (uid, email, invite_code, language) values (${`${prefix}${index}`}, ${email}, ${`${prefix}i${index}`}, 'en')`,
    );
  }
  return { prefix, emails };
}

const rows = (page: Page) => page.locator('.customers-results tbody tr.ant-table-row');
const emailsShown = (page: Page) =>
  rows(page).evaluateAll((all) =>
    all.map((row) => (row.querySelectorAll('td')[2]?.textContent ?? '').trim()),
  );
const emailHeader = (page: Page) => page.locator('.customers-results th', { hasText: 'E-mail' });

/** The CSV file the button downloads, as rows of cells (the file is simple: no quoted commas here). */
async function downloadedCsv(page: Page): Promise<{ bom: boolean; lines: string[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.list-csv').click()]);
  const file = await download.path();
  const text = readFileSync(file, 'utf8');
  const lines = text
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
  expect(download.suggestedFilename()).toMatch(/^customers-\d{4}-\d{2}-\d{2}\.csv$/);
  return { bom: text.startsWith('\uFEFF'), lines };
}

describe('a list of more than one page at 1440x900', () => {
  it('sorts on the server by a header click (page 2 follows page 1) and exports the whole sorted list', async () => {
    const { prefix, emails } = await customersToSort();
    const page = await openDesk(browser, server, desks, supportToken);
    await page.goto(`/admin/customers?q=${prefix}`);
    await expect.poll(() => rows(page).count()).toBe(PAGE_SIZE);
    expect(await emailHeader(page).getAttribute('aria-sort')).toBeNull();

    // Ascending by e-mail: the server sorts, so page 1 is the first twenty of all forty-five.
    const sorted = page.waitForRequest((request) => /sort=email&order=asc/.test(request.url()));
    await emailHeader(page).click();
    await sorted;
    await expect.poll(() => emailsShown(page)).toEqual(emails.slice(0, PAGE_SIZE));
    expect(await emailHeader(page).getAttribute('aria-sort')).toBe('ascending');
    await page.locator('.ant-pagination-item-2').click();
    await expect.poll(() => emailsShown(page)).toEqual(emails.slice(PAGE_SIZE, PAGE_SIZE * 2));
    expect(await emailHeader(page).getAttribute('aria-sort')).toBe('ascending');
    await motionSettled(page);
    await keepScreenshot(page, 'admin-lists-sorted-page-2-1440x900');

    // Descending: back to page 1, which now starts with the last e-mail.
    await emailHeader(page).click();
    await expect.poll(() => emailsShown(page)).toEqual([...emails].reverse().slice(0, PAGE_SIZE));
    expect(await emailHeader(page).getAttribute('aria-sort')).toBe('descending');
    expect(await page.locator('.ant-pagination-item-active').innerText()).toBe('1');

    // The CSV file: every one of the forty-five in the screen's order, not the twenty on screen.
    const csv = await downloadedCsv(page);
    expect(csv.bom).toBe(true);
    const [header, ...data] = csv.lines;
    const emailColumn = header?.indexOf('E-mail') ?? -1;
    expect(emailColumn).toBeGreaterThanOrEqual(0);
    expect(data.map((cells) => cells[emailColumn])).toEqual([...emails].reverse());
    await motionSettled(page);
    await keepScreenshot(page, 'admin-lists-sorted-desc-1440x900');

    // The export left its row in the audit log: who, which list, how sorted, how many rows.
    const audit = await server.database.db.execute(
      sql`select details from audit_log where action = 'staff.list_export' order by id desc limit 1`,
    );
    const details = rowsOf<{ details: Record<string, unknown> }>(audit)[0]?.details;
    expect(details).toMatchObject({
      list: 'customers',
      q: prefix,
      sort: 'email',
      order: 'desc',
      rows: CUSTOMERS,
    });
  });
});

describe('the support conversations at 1440x900', () => {
  it('sort on the server by unread, both ways, and export the whole list as CSV', async () => {
    const unreadOf = [1, 3, 2];
    for (const [index, count] of unreadOf.entries()) {
      const customer = await registerByEmail(server, `chat${index}.${uniqueSuffix()}@example.com`);
      for (let sent = 0; sent < count; sent += 1) {
        const answer = await apiCall(
          server,
          'POST',
          '/api/support/send',
          { text: `Question ${sent}` },
          customer.token,
        );
        if (answer.code !== 1) throw new Error(`support send: ${answer.msg}`);
      }
    }
    const page = await openDesk(browser, server, desks, supportToken);
    await page.goto('/admin/support');
    const unreadShown = () =>
      page
        .locator('.support-conversation')
        .evaluateAll((all) => all.map((item) => Number(item.getAttribute('data-unread'))));
    await expect.poll(async () => (await unreadShown()).length).toBeGreaterThanOrEqual(3);
    // The order choice has a visible label that names it.
    await expect.poll(() => page.locator('label[for="support-sort"]').innerText()).toBe('Sort by');
    expect(await page.getByLabel('Sort by').count()).toBe(1);
    await page.locator('.support-sort').click();
    await page.locator('.ant-select-item-option', { hasText: 'Unread' }).click();
    // Descending first (the most waiting on top), then ascending at the button's press.
    await expect.poll(unreadShown).toEqual([...(await unreadShown())].sort((a, b) => b - a));
    await expect.poll(async () => (await unreadShown())[0]).toBe(3);
    const order = page.locator('.support-sort-order');
    expect(await order.getAttribute('aria-label')).toBe('Descending: press for ascending');
    await order.click();
    await expect.poll(async () => (await unreadShown()).at(-1)).toBe(3);
    expect(await order.getAttribute('aria-label')).toBe('Ascending: press for descending');
    await motionSettled(page);
    await keepScreenshot(page, 'admin-lists-support-sorted-1440x900');

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('.list-csv').click()]);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    const header = lines[0]?.split(',') ?? [];
    const unread = header.indexOf('Unread');
    const data = lines.slice(1).map((line) => Number(line.split(',')[unread]));
    expect(data.length).toBe(await page.locator('.support-conversation').count());
    expect(data).toEqual([...data].sort((a, b) => a - b));
    expect(download.suggestedFilename()).toMatch(/^support-conversations-/);
  });
});

describe("a customer's ledger of more than one page at 1440x900", () => {
  const LEDGER_PAGE = 20;
  const ENTRIES = LEDGER_PAGE + 5;

  /**
   * A customer with 25 deposits whose amounts (1 to 25) do not follow the order they were posted
   * in: sorted by amount, page 2 must hold 21 to 25, which no browser sort of page 1 could show.
   */
  async function customerWithLedger(): Promise<{ id: number; amounts: number[] }> {
    const customer = await registerByEmail(server, `ledger.${uniqueSuffix()}@example.com`);
    const accounts = await server.database.db.execute(
      sql`select id from trading_accounts where user_id = ${customer.user.id}`,
    );
    const accountId = asAccountId(Number(rowsOf<{ id: number }>(accounts)[0]?.id));
    const amounts = Array.from({ length: ENTRIES }, (_, index) => ((index * 7) % ENTRIES) + 1);
    for (const amount of amounts) {
      await server.database.db.transaction((tx) =>
        postToLedger(tx, {
          accountId,
          at: new Date(),
          entries: [
            { bucket: 'balance', amount: String(amount), kind: 'deposit', memoKey: 'ledger.deposit' },
          ],
        }),
      );
    }
    return { id: customer.user.id, amounts };
  }

  it('sorts by amount on the server (page 2 follows page 1) and exports all 25 entries sorted', async () => {
    const { id, amounts } = await customerWithLedger();
    const ascending = [...amounts].sort((a, b) => a - b);
    const page = await openDesk(browser, server, desks, supportToken);
    await page.goto(`/admin/customers/${id}`);
    await page.getByRole('tab', { name: 'Ledger' }).click();
    const ledgerRows = page.locator('.customer-ledger tbody tr.ant-table-row');
    const amountHeader = page.locator('.customer-ledger th', { hasText: 'Amount' });
    const amountsShown = () =>
      ledgerRows.evaluateAll((all) =>
        all.map((row) => Number((row.querySelectorAll('td')[4]?.textContent ?? '').replace(/[^\d.-]/g, ''))),
      );
    await expect.poll(() => ledgerRows.count()).toBe(LEDGER_PAGE);
    // The memo is in the reader's language: not sortable, so no arrows on it.
    expect(
      await page.locator('.customer-ledger th', { hasText: 'Memo' }).getAttribute('aria-sort'),
    ).toBeNull();
    expect(
      await page.locator('.customer-ledger th.ant-table-column-has-sorters', { hasText: 'Memo' }).count(),
    ).toBe(0);

    const sorted = page.waitForRequest((request) => /ledger\?.*sort=amount&order=asc/.test(request.url()));
    await amountHeader.click();
    await sorted;
    await expect.poll(amountsShown).toEqual(ascending.slice(0, LEDGER_PAGE));
    expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending');
    await page.locator('.customer-ledger .ant-pagination-item-2').click();
    await expect.poll(amountsShown).toEqual(ascending.slice(LEDGER_PAGE));
    expect(await amountHeader.getAttribute('aria-sort')).toBe('ascending');
    await motionSettled(page);
    await keepScreenshot(page, 'admin-lists-ledger-sorted-page-2-1440x900');

    // Descending: back to page 1, starting at the largest.
    await amountHeader.click();
    await expect.poll(amountsShown).toEqual([...ascending].reverse().slice(0, LEDGER_PAGE));
    expect(await amountHeader.getAttribute('aria-sort')).toBe('descending');

    // The CSV: every entry in the screen's order, not the page on screen.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.locator('.list-table:has(.customer-ledger) .list-csv').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^customer-ledger-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync(await download.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(','));
    const amountColumn = lines[0]?.indexOf('Amount') ?? -1;
    expect(amountColumn).toBeGreaterThanOrEqual(0);
    expect(lines.slice(1).map((cells) => Number(cells[amountColumn]))).toEqual([...ascending].reverse());
    const audit = await server.database.db.execute(
      sql`select target, details from audit_log where action = 'staff.list_export' order by id desc limit 1`,
    );
    expect(rowsOf<{ target: string; details: Record<string, unknown> }>(audit)[0]).toMatchObject({
      target: `user:${id}`,
      details: { list: 'customer_ledger', sort: 'amount', order: 'desc', rows: ENTRIES, total: ENTRIES },
    });
  });
});
