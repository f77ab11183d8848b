import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { apiCall, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// Content in the back office at 1440x900 against the real server: a content editor writes a news
// story in English and Traditional Chinese (typing into the rich-text editor), previews it on a
// phone-width page, and publishes it; a phone in English and another in Traditional Chinese each
// read their own version in the customer app's news list and article page; unpublishing hides it.
const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');
const EN_TITLE = `Gold hits a record ${Date.now() % 100_000}`;
const HK_TITLE = `金價創新高 ${Date.now() % 100_000}`;

let server: RunningServer;
let browser: Browser;
let desk: BrowserContext;
let admin: Page;
let englishPhone: Page;
let chinesePhone: Page;
let englishArticle = '';

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The story's drawer and the pane of one language in it. */
const drawer = () => admin.locator('.ant-drawer-content');
const pane = (language: string) => admin.locator(`.version-pane[data-language="${language}"]`);

/** Types into the rich-text editor of a language, as a person would. */
async function typeStory(language: string, write: (editor: ReturnType<Page['locator']>) => Promise<void>) {
  const editor = pane(language).locator('.rich-editor-content');
  await editor.waitFor();
  await editor.click();
  await write(editor);
}

async function settled(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(target, name);
}

/** A phone's screenshot once its loading toasts have gone. */
async function keepPhone(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await target.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(target, name);
}

async function phoneIn(language: 'en' | 'hk', locale: string): Promise<Page> {
  const context = await newPhone(browser, server.url, locale);
  const customer = await registerByEmail(server, `reader.${language}.${Date.now()}@example.com`);
  return signIn(context, customer, language);
}

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  const token = await enrolledStaffToken(server, {
    email: `content.${Date.now()}@meridian.test`,
    role: 'content',
    name: 'Cleo Content',
  });
  desk = await browser.newContext({
    baseURL: server.url,
    viewport: { width: 1440, height: 900 },
    locale: 'en-US',
  });
  await desk.addInitScript((stored) => {
    sessionStorage.setItem('meridian.admin.token', stored);
    localStorage.setItem('meridian.admin.lang', 'en');
  }, token);
  admin = await desk.newPage();
  englishPhone = await phoneIn('en', 'en-US');
  chinesePhone = await phoneIn('hk', 'zh-HK');
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('content in the back office (1440x900)', () => {
  it('writes a story in English and Traditional Chinese, previews it and publishes it', async () => {
    await admin.goto('/admin/news');
    await admin.locator('.story-row').first().waitFor();
    await settled(admin, 'admin-content-news-list');

    await admin.getByRole('button', { name: 'New story' }).click();
    await pane('en').waitFor();
    await pane('en').getByLabel('Title').fill(EN_TITLE);
    await pane('en').getByLabel('Summary').fill('Metals rallied as the dollar weakened.');
    await typeStory('en', async (editor) => {
      await editor.pressSequentially('Gold rose to a record on Tuesday.');
      await admin.keyboard.press('Enter');
      await pane('en').getByRole('button', { name: 'Bold' }).click();
      await editor.pressSequentially('Silver followed.');
    });
    await pane('en').getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => pane('en').locator('.version-status .ant-tag').first().innerText()).toBe('Draft');

    await drawer().locator('.ant-tabs-tab [data-language="hk"]').click();
    await pane('hk').waitFor();
    await pane('hk').getByLabel('Title').fill(HK_TITLE);
    await pane('hk').getByLabel('Summary').fill('美元走弱，金屬價格上揚。');
    await typeStory('hk', (editor) => editor.pressSequentially('金價於星期二創歷史新高。'));
    await pane('hk').getByRole('button', { name: 'Save draft' }).click();
    await expect.poll(() => pane('hk').locator('.version-status .ant-tag').first().innerText()).toBe('Draft');

    // The preview: the server's sanitized copy, on a phone-width page styled like the customer app's.
    await pane('hk').getByRole('button', { name: 'Preview' }).click();
    const frame = admin.frameLocator('.phone-screen');
    await expect.poll(() => frame.locator('.news-article-title').innerText()).toBe(HK_TITLE);
    expect(await frame.locator('.news-article-content').innerText()).toContain('金價於星期二創歷史新高。');
    // The customer app's title bar and category, as a Traditional Chinese reader sees them.
    expect(await frame.locator('.nav-title').innerText()).toBe('新聞詳情');
    expect(await frame.locator('.news-article-category').innerText()).toBe('市場動態');
    expect(await admin.locator('.phone-frame').evaluate((element) => element.clientWidth)).toBe(414);
    // The cover is the server's own artwork, loaded inside the frame.
    await expect
      .poll(() =>
        frame.locator('.news-article-meta img').evaluate((image: HTMLImageElement) => image.naturalWidth),
      )
      .toBeGreaterThan(0);
    await settled(admin, 'admin-content-preview-hk');
    await admin.locator('.ant-modal-close').click();

    // Drafts are invisible to customers until published.
    await englishPhone.goto('/news');
    await englishPhone.locator('.news-row').first().waitFor();
    expect(await englishPhone.getByText(EN_TITLE).count()).toBe(0);

    await drawer().getByRole('button', { name: 'Publish all languages' }).click();
    await expect
      .poll(() => pane('hk').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');
    await drawer().locator('.ant-tabs-tab [data-language="en"]').click();
    await expect
      .poll(() => pane('en').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');
    expect(await pane('en').locator('.rich-editor-content strong').innerText()).toBe('Silver followed.');
    await settled(admin, 'admin-content-editor-en');
  });

  it('shows each phone its own language in the news list and the article page', async () => {
    await englishPhone.goto('/news');
    const englishRow = englishPhone.locator('.news-row').first();
    await expect.poll(() => englishRow.locator('.news-row-title').innerText()).toBe(EN_TITLE);
    await keepPhone(englishPhone, 'admin-content-phone-en-list');
    await englishRow.click();
    await englishPhone.waitForURL((url) => url.pathname === '/news/detail');
    englishArticle = englishPhone.url();
    await expect.poll(() => englishPhone.locator('.news-article-title').innerText()).toBe(EN_TITLE);
    expect(plain(await englishPhone.locator('.news-article-content').innerText())).toBe(
      'Gold rose to a record on Tuesday. Silver followed.',
    );
    expect(await englishPhone.locator('.news-article-content strong').innerText()).toBe('Silver followed.');
    await keepPhone(englishPhone, 'admin-content-phone-en-article');

    await chinesePhone.goto('/news');
    const chineseRow = chinesePhone.locator('.news-row').first();
    await expect.poll(() => chineseRow.locator('.news-row-title').innerText()).toBe(HK_TITLE);
    await keepPhone(chinesePhone, 'admin-content-phone-hk-list');
    await chineseRow.click();
    await chinesePhone.waitForURL((url) => url.pathname === '/news/detail');
    await expect.poll(() => chinesePhone.locator('.news-article-title').innerText()).toBe(HK_TITLE);
    expect(plain(await chinesePhone.locator('.news-article-lead').innerText())).toBe(
      '美元走弱，金屬價格上揚。',
    );
    await keepPhone(chinesePhone, 'admin-content-phone-hk-article');
  });

  it('hides the story from both phones once it is unpublished', async () => {
    await drawer().getByRole('button', { name: 'Unpublish all' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => pane('en').locator('.version-status .ant-tag').first().innerText()).toBe('Draft');
    await admin.locator('.ant-drawer-close').click();
    await expect
      .poll(() => admin.locator('.story-row').first().locator('[data-status]').allInnerTexts())
      .toEqual(['HK', 'EN']);
    expect(await admin.locator('.story-row').first().locator('[data-status="draft"]').count()).toBe(2);
    await settled(admin, 'admin-content-news-unpublished');

    for (const phone of [englishPhone, chinesePhone]) {
      await phone.goto('/news');
      await phone.locator('.news-row').first().waitFor();
      expect(await phone.getByText(EN_TITLE).count()).toBe(0);
      expect(await phone.getByText(HK_TITLE).count()).toBe(0);
    }
    // The article page of the story says it no longer exists.
    await englishPhone.goto(englishArticle);
    await englishPhone.locator('.adm-error-block').waitFor();
  });

  it('changes the complaint e-mail on the company page, and lists the announcements', async () => {
    await admin.goto('/admin/company');
    const email = admin.getByLabel('Complaint e-mail');
    await expect.poll(() => email.inputValue()).toBe('complaints@meridian-markets.com');
    await email.fill('not an e-mail');
    await admin.getByRole('button', { name: 'Save' }).first().click();
    await admin.getByText('Please enter a valid e-mail address.').waitFor();
    await email.fill('care@meridian-markets.com');
    await admin.getByRole('button', { name: 'Save' }).first().click();
    await expect
      .poll(
        async () =>
          (await apiCall<{ email: string }>(server, 'GET', '/api/company/complaint_email', {})).data.email,
      )
      .toBe('care@meridian-markets.com');
    await admin.locator('.ant-table-row').first().waitFor();
    await settled(admin, 'admin-content-company');

    await admin.goto('/admin/announcements');
    await admin.locator('.story-row').first().waitFor();
    await admin.locator('.story-row').first().click();
    await pane('en').getByRole('button', { name: 'Preview' }).click();
    await admin.frameLocator('.phone-screen').locator('.notice-title').waitFor();
    await settled(admin, 'admin-content-announcement-preview');
  });
});
