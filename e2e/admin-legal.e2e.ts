import { existsSync } from 'node:fs';
import path from 'node:path';
import type { LegalCurrent } from '@meridian/contract/legal';
import { sql } from 'drizzle-orm';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../apps/server/src/db/migrate';
import { closeDesks, type Desks, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser } from './support/browser';
import { apiCall } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// The terms and the risk warning in the back office at 1440x900: a content editor publishes a new
// version of the risk warning; the old version stays, the customer app's sign-up offers the new one.
const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');

let server: RunningServer;
let browser: Browser;
let editorToken: string;
const desks: Desks = [];

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  editorToken = await enrolledStaffToken(server, {
    email: `legal.${Date.now()}@meridian.test`,
    role: 'content',
    name: 'Cleo Content',
  });
});

afterEach(() => closeDesks(desks));

afterAll(async () => {
  await closeDesks(desks);
  await browser?.close();
  await server?.stop();
});

describe('terms and risk warning in the back office (1440x900)', () => {
  it('publishes a new version of the risk warning, keeping the old one', async () => {
    const suffix = uniqueSuffix();
    const admin = await openDesk(browser, server, desks, editorToken);
    await admin.context().addInitScript(() => localStorage.setItem('meridian.admin.lang', 'en'));
    await admin.goto('/admin/legal');
    await admin.getByRole('tab', { name: 'Risk warning' }).click();
    const riskPane = admin.locator('.ant-tabs-tabpane-active');
    await expect.poll(() => riskPane.locator('.legal-versions tbody tr').count()).toBe(1);
    await keepScreenshot(admin, 'admin-legal-versions');

    await riskPane.getByRole('button', { name: 'Publish a new version' }).click();
    const dialog = admin.locator('.ant-modal');
    // Starts from the latest texts: the default language's is filled in.
    await expect.poll(() => dialog.getByTestId('legal-title-hk').inputValue()).toBe('風險披露聲明');
    // The English tab's pane shows (a click that landed while the dialog was still opening once
    // left the default language's pane up: click again until the pane is the English one).
    await expect
      .poll(async () => {
        await dialog.getByRole('tab', { name: 'English' }).click();
        return dialog.getByTestId('legal-title-en').isVisible();
      })
      .toBe(true);
    await dialog.getByTestId('legal-title-en').fill(`Risk Warning ${suffix}`);
    await dialog
      .getByTestId('legal-content-en')
      .fill(`Trading on margin carries a high level of risk ${suffix}.`);
    await keepScreenshot(admin, 'admin-legal-publish');
    await dialog.getByRole('button', { name: 'Publish' }).click();

    await expect.poll(() => riskPane.locator('.legal-versions tbody tr').count()).toBe(2);
    expect(await riskPane.locator('.legal-versions tbody tr').first().textContent()).toContain(
      'Cleo Content',
    );
    await keepScreenshot(admin, 'admin-legal-published');

    const versions = rowsOf<{ version: number; en_title: string }>(
      await server.database.db.execute(
        sql`select version, texts->'en'->>'title' as en_title from legal_documents where kind = 'risk' order by version`,
      ),
    );
    expect(versions).toEqual([
      { version: 1, en_title: 'Risk Warning' },
      { version: 2, en_title: `Risk Warning ${suffix}` },
    ]);
    const current = await apiCall<LegalCurrent>(server, 'GET', '/api/legal/current', {});
    expect(current.data.risk).toMatchObject({ version: 2, title: `Risk Warning ${suffix}` });
  });
});
