import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser, newPhone, openInLanguage } from './support/browser';
import { staffCall } from './support/funds';
import { apiCall, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// Content in the back office at 1440x900 against the real server: a content editor writes a news
// story in English and Traditional Chinese (typing into the rich-text editor), previews it on a
// phone-width page, and publishes it; a phone in English and another in Traditional Chinese each
// read their own version in the customer app's news list and article page; unpublishing hides it.
const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');

let server: RunningServer;
let browser: Browser;
/** Cleo Content, signed in once (API); each test opens its own desk and phones. */
let editorToken: string;
const contexts: Desks = [];

/** A story's titles no other test uses. */
function storyTitles(): { EN_TITLE: string; HK_TITLE: string } {
  const suffix = uniqueSuffix();
  return { EN_TITLE: `Gold hits a record ${suffix}`, HK_TITLE: `金價創新高 ${suffix}` };
}

const plain = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The story's drawer and the pane of one language in it. */
const drawer = (admin: Page) => admin.locator('.ant-drawer-content');
const pane = (admin: Page, language: string) => admin.locator(`.version-pane[data-language="${language}"]`);

/** Types into the rich-text editor of a language, as a person would. */
async function typeStory(
  admin: Page,
  language: string,
  write: (editor: ReturnType<Page['locator']>) => Promise<void>,
) {
  const editor = pane(admin, language).locator('.rich-editor-content');
  await editor.waitFor();
  await editor.click();
  await write(editor);
}

/**
 * Opens a language's tab of the story drawer: the tabs that do not fit the drawer's width are in
 * the tab bar's "more" menu.
 */
async function openLanguageTab(admin: Page, language: string): Promise<void> {
  const more = drawer(admin).locator('.ant-tabs-nav-more');
  if ((await more.count()) > 0 && (await more.isVisible())) {
    // The menu opens on hover; a hover while the drawer still slides in, or the tab bar measures
    // itself again, can land where the button was and the menu closes. Hover again until it shows.
    const item = admin.locator(`.ant-tabs-dropdown-menu-item [data-language="${language}"]`);
    for (let attempt = 1; ; attempt += 1) {
      await admin.mouse.move(0, 0);
      await more.hover();
      try {
        await item.waitFor({ state: 'visible', timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt === 5) throw error;
      }
    }
    await item.click();
  } else {
    await drawer(admin).locator(`.ant-tabs-tab [data-language="${language}"]`).click();
  }
  await pane(admin, language).waitFor();
}

/** Cleo's own desk for this test, the back office in English. */
async function editorDesk(): Promise<Page> {
  const admin = await openDesk(browser, server, contexts, editorToken);
  await admin.context().addInitScript(() => localStorage.setItem('meridian.admin.lang', 'en'));
  return admin;
}

/**
 * The story the first test writes through the editor, made over the back office's API instead and
 * published in both languages: what the tests of reading and unpublishing start from.
 */
async function publishedStory(EN_TITLE: string, HK_TITLE: string): Promise<void> {
  const shared = { category_id: 1, logo: '/api/content/art/markets.svg' };
  const english = await staffCall<{ slug: string }>(
    server,
    editorToken,
    'POST',
    '/admin/api/content/news/save',
    {
      ...shared,
      language: 'en',
      title: EN_TITLE,
      desc: 'Metals rallied as the dollar weakened.',
      content: '<p>Gold rose to a record on Tuesday.</p><p><strong>Silver followed.</strong></p>',
    },
  );
  await staffCall(server, editorToken, 'POST', '/admin/api/content/news/save', {
    ...shared,
    slug: english.slug,
    language: 'hk',
    title: HK_TITLE,
    desc: '美元走弱，金屬價格上揚。',
    content: '<p>金價於星期二創歷史新高。</p>',
  });
  await staffCall(server, editorToken, 'POST', '/admin/api/content/news/publish', {
    slug: english.slug,
    published: 'true',
  });
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
  contexts.push(context);
  const customer = await registerByEmail(server, `reader.${language}.${Date.now()}@example.com`);
  return signIn(context, customer, language);
}

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  editorToken = await enrolledStaffToken(server, {
    email: `content.${Date.now()}@meridian.test`,
    role: 'content',
    name: 'Cleo Content',
  });
});

afterEach(() => closeDesks(contexts));

afterAll(async () => {
  await closeDesks(contexts);
  await browser?.close();
  await server?.stop();
});

describe('content in the back office (1440x900)', () => {
  it('writes a story in English and Traditional Chinese, previews it and publishes it', async () => {
    const { EN_TITLE, HK_TITLE } = storyTitles();
    const admin = await editorDesk();
    const englishPhone = await phoneIn('en', 'en-US');
    await admin.goto('/admin/news');
    await admin.locator('.story-row').first().waitFor();
    await settled(admin, 'admin-content-news-list');

    await admin.getByRole('button', { name: 'New story' }).click();
    await pane(admin, 'en').waitFor();
    await pane(admin, 'en').getByLabel('Title').fill(EN_TITLE);
    await pane(admin, 'en').getByLabel('Summary').fill('Metals rallied as the dollar weakened.');
    await typeStory(admin, 'en', async (editor) => {
      await editor.pressSequentially('Gold rose to a record on Tuesday.');
      await admin.keyboard.press('Enter');
      await pane(admin, 'en').getByRole('button', { name: 'Bold' }).click();
      await editor.pressSequentially('Silver followed.');
    });
    await pane(admin, 'en').getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(() => pane(admin, 'en').locator('.version-status .ant-tag').first().innerText())
      .toBe('Draft');

    await drawer(admin).locator('.ant-tabs-tab [data-language="hk"]').click();
    await pane(admin, 'hk').waitFor();
    await pane(admin, 'hk').getByLabel('Title').fill(HK_TITLE);
    await pane(admin, 'hk').getByLabel('Summary').fill('美元走弱，金屬價格上揚。');
    await typeStory(admin, 'hk', (editor) => editor.pressSequentially('金價於星期二創歷史新高。'));
    await pane(admin, 'hk').getByRole('button', { name: 'Save draft' }).click();
    await expect
      .poll(() => pane(admin, 'hk').locator('.version-status .ant-tag').first().innerText())
      .toBe('Draft');

    // The preview: the server's sanitized copy, on a phone-width page styled like the customer app's.
    await pane(admin, 'hk').getByRole('button', { name: 'Preview' }).click();
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

    await drawer(admin).getByRole('button', { name: 'Publish all languages' }).click();
    await expect
      .poll(() => pane(admin, 'hk').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');
    await drawer(admin).locator('.ant-tabs-tab [data-language="en"]').click();
    await expect
      .poll(() => pane(admin, 'en').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');
    expect(await pane(admin, 'en').locator('.rich-editor-content strong').innerText()).toBe(
      'Silver followed.',
    );
    await settled(admin, 'admin-content-editor-en');
  });

  it('shows each phone its own language in the news list and the article page', async () => {
    const { EN_TITLE, HK_TITLE } = storyTitles();
    await publishedStory(EN_TITLE, HK_TITLE);
    const englishPhone = await phoneIn('en', 'en-US');
    const chinesePhone = await phoneIn('hk', 'zh-HK');
    await englishPhone.goto('/news');
    const englishRow = englishPhone.locator('.news-row').first();
    await expect.poll(() => englishRow.locator('.news-row-title').innerText()).toBe(EN_TITLE);
    await keepPhone(englishPhone, 'admin-content-phone-en-list');
    await englishRow.click();
    await englishPhone.waitForURL((url) => url.pathname === '/news/detail');
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
    const { EN_TITLE, HK_TITLE } = storyTitles();
    await publishedStory(EN_TITLE, HK_TITLE);
    const englishPhone = await phoneIn('en', 'en-US');
    const chinesePhone = await phoneIn('hk', 'zh-HK');
    // The article's address while it is published, as a reader would have kept it.
    await englishPhone.goto('/news');
    await englishPhone.locator('.news-row', { hasText: EN_TITLE }).click();
    await englishPhone.waitForURL((url) => url.pathname === '/news/detail');
    await expect.poll(() => englishPhone.locator('.news-article-title').innerText()).toBe(EN_TITLE);
    const englishArticle = englishPhone.url();
    // The story open in the editor: the newest, first in the list.
    const admin = await editorDesk();
    await admin.goto('/admin/news');
    await expect.poll(() => admin.locator('.story-row').first().innerText()).toContain(EN_TITLE);
    await admin.locator('.story-row').first().click();
    await expect
      .poll(() => pane(admin, 'en').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');

    await drawer(admin).getByRole('button', { name: 'Unpublish all' }).click();
    await admin.locator('.ant-popconfirm').getByRole('button', { name: 'OK' }).click();
    await expect
      .poll(() => pane(admin, 'en').locator('.version-status .ant-tag').first().innerText())
      .toBe('Draft');
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

  it('adds an Arabic translation to a story whose default language is English', async () => {
    const { EN_TITLE } = storyTitles();
    const AR_TITLE = `الذهب يسجل رقما قياسيا ${uniqueSuffix()}`;
    // An English story, published, with no Arabic version: Arabic readers get it in English, noted.
    const english = await staffCall<{ slug: string }>(
      server,
      editorToken,
      'POST',
      '/admin/api/content/news/save',
      {
        category_id: 1,
        logo: '/api/content/art/markets.svg',
        language: 'en',
        title: EN_TITLE,
        desc: 'Metals rallied as the dollar weakened.',
        content: '<p>Gold rose to a record on Tuesday.</p>',
      },
    );
    await staffCall(server, editorToken, 'POST', '/admin/api/content/news/publish', {
      slug: english.slug,
      published: 'true',
    });
    const context = await newPhone(browser, server.url, 'ar');
    contexts.push(context);
    const arabicPhone = await context.newPage();
    await arabicPhone.goto('/');
    await openInLanguage(arabicPhone, 'ar', '/news');
    const row = arabicPhone.locator('.news-row').first();
    await expect.poll(() => row.locator('.news-row-title').innerText()).toBe(EN_TITLE);
    expect(await row.locator('.news-language-note').innerText()).toBe('غير متوفر بلغتك');

    const admin = await editorDesk();
    await admin.goto('/admin/news');
    await expect.poll(() => admin.locator('.story-row').first().innerText()).toContain(EN_TITLE);
    await admin.locator('.story-row').first().click();
    // The English tab is the story's default; the Arabic one says it is an optional translation.
    await expect
      .poll(() => drawer(admin).locator('.ant-tabs-tab [data-language="en"] .story-default-tag').innerText())
      .toBe('Default');
    await openLanguageTab(admin, 'ar');
    expect(await pane(admin, 'ar').locator('.version-language-hint').innerText()).toContain(
      'Optional translation',
    );
    await pane(admin, 'ar').getByLabel('Title').fill(AR_TITLE);
    await pane(admin, 'ar').getByLabel('Summary').fill('ارتفعت المعادن مع ضعف الدولار.');
    await typeStory(admin, 'ar', (editor) => editor.pressSequentially('ارتفع الذهب إلى مستوى قياسي.'));
    // Arabic is written right to left in the editor.
    expect(await pane(admin, 'ar').getByLabel('Title').getAttribute('dir')).toBe('rtl');
    await pane(admin, 'ar').getByRole('button', { name: 'Save and publish' }).click();
    await expect
      .poll(() => pane(admin, 'ar').locator('.version-status .ant-tag').first().innerText())
      .toBe('Published');
    expect(await drawer(admin).locator('.ant-tabs-tab [data-language="ar"] .story-default-tag').count()).toBe(
      0,
    );
    await settled(admin, 'admin-content-translation-ar');

    // The Arabic reader now reads the translation, right to left, without the note.
    await arabicPhone.reload();
    await expect.poll(() => row.locator('.news-row-title').innerText()).toBe(AR_TITLE);
    expect(await row.getAttribute('dir')).toBe('rtl');
    expect(await row.locator('.news-language-note').count()).toBe(0);
    await row.click();
    await arabicPhone.waitForURL((url) => url.pathname === '/news/detail');
    await expect.poll(() => arabicPhone.locator('.news-article-title').innerText()).toBe(AR_TITLE);
    expect(await arabicPhone.locator('.news-article').getAttribute('dir')).toBe('rtl');
    await keepPhone(arabicPhone, 'admin-content-phone-ar-article');
  });

  it('changes the complaint e-mail on the company page, and lists the announcements', async () => {
    const admin = await editorDesk();
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
    await pane(admin, 'en').getByRole('button', { name: 'Preview' }).click();
    await admin.frameLocator('.phone-screen').locator('.notice-title').waitFor();
    await settled(admin, 'admin-content-announcement-preview');
  });
});
