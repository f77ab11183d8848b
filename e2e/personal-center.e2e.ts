import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNews } from '../apps/server/src/modules/content/content.service';
import { keepScreenshot, launchBrowser, newPhone, SCREENSHOT_DIR, socketInSync } from './support/browser';
import {
  apiCall,
  demoSession,
  idPhoto,
  lastCode,
  PASSWORD,
  pixelsOf,
  registerByEmail,
  signIn,
} from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { enrolledStaffToken } from './support/staff';

// The personal center at a phone's size, against the real server: a real and a demo customer's
// center (balance shown and hidden, the real-account-only rule), identity verification with two
// photos, a password change with the code from the outbox, the invite page's QR code decoded back
// to its link, news with its endless list and a story, the company pages, and a customer-service
// conversation answered live by an agent through the back office's API. Each test registers its own
// customer and opens its own phone (a browser context: its own storage, cookies and socket), so it
// passes alone and in any order; the server, the browser and the agent are shared.
let server: RunningServer;
let browser: Browser;
/** The support agent's back-office session token. */
let agentToken: string;
/** The phones the running test opened, closed after it. */
const phones: BrowserContext[] = [];

const STAFF_EMAIL = 'agent.e2e@meridian.test';

/** A phone of its own for the running test (closed after it), allowed to use the clipboard. */
async function newTestPhone(): Promise<BrowserContext> {
  const phone = await newPhone(browser, server.url);
  phones.push(phone);
  await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
  return phone;
}

/** A real customer registered by e-mail for the running test, signed in on a phone of its own. */
async function realCustomer(): Promise<{
  email: string;
  real: SessionData;
  phone: BrowserContext;
  page: Page;
}> {
  const email = `center.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const real = await registerByEmail(server, email);
  const phone = await newTestPhone();
  const page = await signIn(phone, real);
  return { email, real, phone, page };
}

/** The customer's conversation as the back office lists it (the customer has written in it). */
async function conversationOf(real: SessionData): Promise<number> {
  const conversations = await apiCall<{ list: { id: number; user: { uid: string } }[] }>(
    server,
    'GET',
    '/admin/api/support/conversations',
    {},
    agentToken,
  );
  const conversation = conversations.data.list.find((entry) => entry.user.uid === real.user.uid);
  if (!conversation) throw new Error('the conversation is not in the support console');
  return conversation.id;
}

/** An agent's reply in a conversation, through the back office's API. */
const agentReply = (conversationId: number, text: string) =>
  apiCall(server, 'POST', '/admin/api/support/reply', { conversation_id: conversationId, text }, agentToken);

/** A screenshot once any spinner or toast has gone, so it shows the page itself. */
async function keepSettled(target: Page, name: string, screen: 'full' | 'viewport' = 'full'): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  // A long chat is kept as the phone shows it: a full-page shot would paint its sticky bars mid-page.
  if (screen === 'viewport') await target.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
  else await keepScreenshot(target, name);
}

/** The text of the balance figure on the personal center. */
const balance = (target: Page) => target.locator('[data-testid=balance-value]').innerText();

/** Extra English stories, so the news list has a second page to scroll to. */
async function addOlderStories(count: number): Promise<void> {
  for (let index = 0; index < count; index += 1) {
    await createNews(server.database.db, {
      slug: `e2e-archive-${index}`,
      language: 'en',
      categoryId: 1,
      title: `Weekly wrap ${index + 1}: majors range-bound into month end`,
      desc: 'A quiet week for the majors as traders wait for the payrolls report.',
      logo: '',
      content: `<p>Archive story ${index + 1}.</p><script>window.pwned = true</script><img src="x" onerror="window.pwned = true">`,
      publishedAt: new Date(Date.UTC(2025, 0, 1 + index)),
    });
  }
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  agentToken = await enrolledStaffToken(server, { email: STAFF_EMAIL, name: 'Mei Chan', role: 'support' });
});

afterEach(async () => {
  for (const phone of phones.splice(0)) await phone.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the personal center in the browser', () => {
  it('shows a real customer their balance, hidden as -- and remembered after a reload', async () => {
    const { email, page } = await realCustomer();
    await page.goto('/user');
    await expect.poll(() => balance(page)).toBe('0.00');
    await expect.poll(() => page.getByText(email).count()).toBeGreaterThan(0);
    await keepSettled(page, 'center-real');

    await page.locator('.balance-eye').click();
    await expect.poll(() => balance(page)).toBe('--');
    await page.reload();
    await expect.poll(() => balance(page)).toBe('--');
    await keepSettled(page, 'center-real-balance-hidden');
    await page.locator('.balance-eye').click();
    await expect.poll(() => balance(page)).toBe('0.00');
  });

  it('shows a demo customer "Demo account" and the real-account-only message', async () => {
    const demo = await demoSession(server, `e2e-center-${Date.now()}`);
    const demoPage = await signIn(await newTestPhone(), demo);
    await demoPage.goto('/user');
    await expect.poll(() => balance(demoPage)).toBe('100,000.00');
    expect(await demoPage.getByText('Demo account').count()).toBeGreaterThan(0);
    expect(await demoPage.getByText('Reset demo account').count()).toBe(1);

    for (const entry of ['Deposit', 'Withdraw', 'Identity verification', 'Reset password']) {
      await demoPage.locator('.entry-list .adm-list-item', { hasText: entry }).click();
      await expect
        .poll(() => demoPage.locator('.adm-toast-main').innerText())
        .toContain('Only a real account');
      expect(new URL(demoPage.url()).pathname).toBe('/user');
      // The next entry's message must be a new one: wait until this one has gone.
      await expect.poll(() => demoPage.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
    }
    await keepSettled(demoPage, 'center-demo');

    // The pages themselves refuse a demo customer too, whatever the address bar says.
    for (const path of ['/mine/auth', '/mine/password']) {
      await demoPage.goto(path);
      await expect.poll(() => demoPage.locator('.real-account-only').count()).toBe(1);
      expect(await demoPage.locator('form').count()).toBe(0);
    }
    await keepSettled(demoPage, 'real-name-demo');
  });

  it('submits the real-name form with two photos and shows it under review', async () => {
    const { real, page } = await realCustomer();
    await page.goto('/mine/auth');
    await page.locator('.real-name-form button[type=submit]').click();
    for (const prompt of [
      'Please enter your name',
      'Please enter your ID or passport number',
      'Please add a photo of the front side',
      'Please add a photo of the back side',
    ]) {
      await expect.poll(() => page.getByText(prompt).count()).toBe(1);
    }

    const photoInputs = page.locator('.id-photo-uploader input[type=file]');
    // A text file dressed as a photo is refused by the server; the picked image is cleared.
    await photoInputs.nth(0).setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect
      .poll(async () => (await page.locator('.adm-toast-main').allInnerTexts()).join('').trim().length)
      .toBeGreaterThan(0);
    await expect.poll(() => page.locator('.id-photo-uploader .adm-image-uploader-cell').count()).toBe(0);

    await page.locator('.real-name-form input').nth(0).fill('Jane Doe');
    await page.locator('.real-name-form input').nth(1).fill('K1234567');
    await photoInputs.nth(0).setInputFiles({
      name: 'front.jpg',
      mimeType: 'image/jpeg',
      buffer: await idPhoto('jpeg', '#2f6bf0'),
    });
    await expect
      .poll(() => page.locator('.id-photo-uploader .adm-image-uploader-cell-image').count())
      .toBe(1);
    await photoInputs.nth(1).setInputFiles({
      name: 'back.png',
      mimeType: 'image/png',
      buffer: await idPhoto('png', '#0ea371'),
    });
    await expect
      .poll(() => page.locator('.id-photo-uploader .adm-image-uploader-cell-image').count())
      .toBe(2);
    await keepSettled(page, 'real-name-filled');

    await page.locator('.real-name-form button[type=submit]').click();
    await expect.poll(() => page.getByText('Under review').count()).toBe(1);
    expect(await page.getByText('K1****67').count()).toBe(1);
    // Both photos come back through their signed addresses and are drawn.
    await expect
      .poll(() =>
        page
          .locator('.id-photo-thumb img')
          .evaluateAll(
            (images) => images.filter((image) => (image as HTMLImageElement).naturalWidth > 0).length,
          ),
      )
      .toBe(2);
    await keepSettled(page, 'real-name-under-review');

    const center = await apiCall<{ review_status: number; state: string }>(
      server,
      'GET',
      '/api/user_real/center',
      {},
      real.token,
    );
    expect(center.data).toMatchObject({ review_status: 1, state: 'pending' });
  });

  it('changes the password with the code from the outbox and ends the other sessions', async () => {
    const { email, real, page } = await realCustomer();
    const other = await apiCall<SessionData>(server, 'POST', '/api/user/loginForU', {
      type: 'email',
      account: email,
      password: PASSWORD,
    });
    expect(other.code).toBe(1);

    await page.goto('/user');
    await page.locator('.entry-list .adm-list-item', { hasText: 'Reset password' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/password');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByText('Please fill in all fields').count()).toBe(2);
    const passwords = page.locator('input[autocomplete=new-password]');
    await passwords.nth(0).fill('NewPassword2027');
    await passwords.nth(1).fill('NewPassword2028');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByText('The two passwords do not match').count()).toBe(1);
    await passwords.nth(1).fill('NewPassword2027');

    await page.locator('.send-code-button').click();
    await expect
      .poll(async () => (await server.outbox()).some((line) => line.to === email && line.type === 3))
      .toBe(true);
    await expect.poll(() => page.locator('.send-code-button').innerText()).toMatch(/Resend in (60|59|58)s/);
    expect(await page.locator('.send-code-button').isDisabled()).toBe(true);
    await page.locator('input[autocomplete=one-time-code]').fill(await lastCode(server, email, 3));
    await keepSettled(page, 'password-filled');
    await page.locator('button[type=submit]').click();
    await expect.poll(() => page.getByText('Password changed').count()).toBe(1);
    await page.waitForURL((url) => url.pathname === '/user');

    const withNew = await apiCall(server, 'POST', '/api/user/loginForU', {
      type: 'email',
      account: email,
      password: 'NewPassword2027',
    });
    expect(withNew.code).toBe(1);
    const oldSession = await apiCall(server, 'GET', '/api/user/info', {}, other.data.token);
    expect(oldSession.code).toBe(999);
    // This phone's session made the change and stays signed in.
    expect((await apiCall(server, 'GET', '/api/user/info', {}, real.token)).code).toBe(1);
  });

  it('shows the invite link with a QR code that decodes to it, and counts a friend who signs up', async () => {
    const { real, page } = await realCustomer();
    await page.goto('/user');
    await page.locator('.invite-entry').click();
    await page.waitForURL((url) => url.pathname === '/mine/invite');
    const link = `${server.url}/register?invite_code=${real.user.invite_code}`;
    await expect.poll(() => page.locator('.invite-link').innerText()).toBe(link);

    const qr = await pixelsOf(await page.locator('[data-testid=invite-qr]').screenshot());
    expect(jsQR(qr.data, qr.width, qr.height)?.data).toBe(link);

    await page.locator('.invite-copy-link').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    expect(await page.locator('.invite-stats-value').innerText()).toBe('0');

    await registerByEmail(server, `friend.${Date.now()}@example.com`, real.user.invite_code);
    await page.reload();
    await expect.poll(() => page.locator('.invite-stats-value').innerText()).toBe('1');
    await keepSettled(page, 'invite');
  });

  it('lists the news by category, loads more on scroll, and opens a story without the tab bar', async () => {
    await addOlderStories(6);
    const { page } = await realCustomer();
    await page.goto('/');
    await page.locator(`.home-page button[aria-label="News"]`).click();
    await page.waitForURL((url) => url.pathname === '/news');
    await expect.poll(() => page.locator('.news-row').count()).toBe(10);
    await keepSettled(page, 'news');

    // The eleventh story and beyond come with the next page, when the reader nears the end.
    await page.mouse.wheel(0, 20_000);
    await expect.poll(() => page.locator('.news-row').count()).toBe(14);
    await page.evaluate(() => window.scrollTo(0, 0));

    await page.locator('.news-tabs .adm-capsule-tabs-tab', { hasText: 'Crypto' }).click();
    await expect.poll(() => page.locator('.news-row').count()).toBeLessThan(5);
    const first = page.locator('.news-row').first();
    const title = await first.locator('.news-row-title').innerText();
    await first.click();
    await page.waitForURL((url) => url.pathname === '/news/detail' && url.searchParams.has('id'));
    await expect.poll(() => page.locator('.news-article-title').innerText()).toBe(title);
    expect(await page.locator('.news-article-category').innerText()).toBe('Crypto');
    expect(await page.locator('.news-article-content p').count()).toBeGreaterThan(0);
    expect(await page.getByRole('navigation', { name: 'Main sections' }).count()).toBe(0);
    await keepSettled(page, 'news-detail');

    // A story written with a script and an onerror handler arrives clean and runs nothing.
    const archive = await apiCall<{ list: { id: number; title: string }[] }>(
      server,
      'GET',
      '/api/news/list',
      {
        page: 2,
        limit: 10,
      },
    );
    const archived = archive.data.list.find((story) => story.title.startsWith('Weekly wrap'));
    await page.goto(`/news/detail?id=${archived?.id}`);
    await expect.poll(() => page.getByText('Archive story').count()).toBe(1);
    expect(await page.locator('.news-article script, .news-article [onerror]').count()).toBe(0);
    expect(await page.evaluate(() => (window as { pwned?: boolean }).pwned)).toBeUndefined();
  });

  it('shows announcements, the complaint e-mail and the providers, remembering the chosen company', async () => {
    const { real, phone, page } = await realCustomer();
    await page.goto('/mine/announcement');
    await expect
      .poll(() => page.locator('.announcement-list .adm-collapse-panel-header').count())
      .toBeGreaterThan(1);
    await keepSettled(page, 'announcements');

    await page.goto('/mine/email');
    await expect.poll(() => page.locator('.email-card-address').innerText()).toContain('@');
    const mailto = await page.locator('.email-card a.link-button').getAttribute('href');
    expect(mailto).toMatch(new RegExp(`^mailto:.+\\?subject=.*${real.user.uid}`));
    await keepSettled(page, 'company-email');

    await page.goto('/product');
    await page.locator('.product-search-bar input').fill('europe');
    await expect.poll(() => page.locator('.company-list .adm-list-item').count()).toBe(1);
    await page.locator('.company-list .adm-list-item').click();
    await expect.poll(() => page.locator('.company-card-name').innerText()).toContain('Europe');
    const cookie = (await phone.cookies(server.url)).find((entry) => entry.name === 'company_id');
    // The app asks for 3 years (spec section 9); Chromium keeps no cookie longer than 400 days.
    const keptSeconds = Math.min(3 * 365 * 24 * 60 * 60, 400 * 24 * 60 * 60);
    // Against the browser's clock, which set the cookie (this process may run on another one).
    const browserNowMs = await page.evaluate(() => Date.now());
    expect(cookie?.expires ?? 0).toBeGreaterThan(browserNowMs / 1000 + keptSeconds - 60);
    await page.reload();
    await expect.poll(() => page.locator('.company-card-name').innerText()).toContain('Europe');
    await keepSettled(page, 'providers');
  });

  it('sends a chat message and gets the agent reply live, with the unread badge on the center', async () => {
    const { real, page } = await realCustomer();
    await page.goto('/user');
    await page.locator('.entry-list .adm-list-item', { hasText: 'Customer service' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/chat');
    await expect.poll(() => page.locator('.chat-welcome').count()).toBe(1);
    await page
      .locator('.chat-input textarea:not([readonly])')
      .fill('Hello, how long does a withdrawal take?');
    await page.locator('.chat-send').click();
    await expect.poll(() => page.locator('.chat-message.is-own').count()).toBe(1);
    await expect.poll(() => page.locator('.chat-input textarea:not([readonly])').inputValue()).toBe('');

    const conversationId = await conversationOf(real);
    const reply = (text: string) => agentReply(conversationId, text);

    expect((await reply('Usually within one business day. Anything else?')).code).toBe(1);
    // Over the socket: no reload, no polling by the page.
    await expect.poll(() => page.locator('.chat-message.is-agent').count(), { timeout: 10_000 }).toBe(1);
    expect(await page.locator('.chat-message.is-agent .chat-agent-name').innerText()).toBe('Mei Chan');
    expect(await page.locator('.chat-message.is-agent .chat-text').innerText()).toContain('one business day');
    await keepSettled(page, 'chat', 'viewport');
    // Read while open: nothing is left unread.
    await expect
      .poll(
        async () =>
          (await apiCall<{ unread: number }>(server, 'GET', '/api/support/unread', {}, real.token)).data
            .unread,
      )
      .toBe(0);

    // A reply while the customer is on the personal center raises the badge there, live (once the
    // center's socket is signed in and listening, so the push has somewhere to go).
    const synced = socketInSync(page, ['support.message']);
    await page.goto('/user');
    await expect
      .poll(() => page.locator('.entry-list .adm-list-item', { hasText: 'Customer service' }).count())
      .toBe(1);
    await synced;
    expect((await reply('One more thing: please check your e-mail.')).code).toBe(1);
    await expect
      .poll(() => page.locator('.entry-list .adm-badge-content').innerText(), { timeout: 10_000 })
      .toBe('1');
    await keepSettled(page, 'center-unread-badge');
  });

  it('opens the chat at the newest message and pages older ones in as the reader scrolls up', async () => {
    const { real, page } = await realCustomer();
    // The conversation as the chat test leaves it, made over HTTP: the customer's question and the
    // agent's two replies.
    const asked = await apiCall(
      server,
      'POST',
      '/api/support/send',
      { text: 'Hello, how long does a withdrawal take?' },
      real.token,
    );
    expect(asked.code).toBe(1);
    const conversationId = await conversationOf(real);
    expect((await agentReply(conversationId, 'Usually within one business day. Anything else?')).code).toBe(
      1,
    );
    expect((await agentReply(conversationId, 'One more thing: please check your e-mail.')).code).toBe(1);
    // Agents' replies are not rate-limited like a customer's messages: enough for two pages.
    for (let index = 1; index <= 35; index += 1) {
      const answer = await agentReply(conversationId, `Step ${index} of the withdrawal checklist.`);
      expect(answer.code).toBe(1);
    }
    await page.goto('/mine/chat');
    await expect.poll(() => page.locator('.chat-message').count()).toBe(30);
    // At the newest message, above the composer.
    await expect
      .poll(() =>
        page.evaluate(() => {
          const element = document.scrollingElement ?? document.documentElement;
          return element.scrollHeight - window.scrollY - window.innerHeight;
        }),
      )
      .toBeLessThan(4);
    await expect.poll(() => page.getByText('Step 35 of the withdrawal checklist.').isVisible()).toBe(true);

    const oldestText = await page.locator('.chat-message .chat-text').first().innerText();
    await page.evaluate(() => window.scrollTo(0, 0));
    // One customer message, two replies before and these 35.
    await expect.poll(() => page.locator('.chat-message').count()).toBe(38);
    expect(await page.locator('.chat-welcome').count()).toBe(1);
    // The message that was at the top is still on screen: the older page went in above it.
    const box = await page.getByText(oldestText, { exact: true }).boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 10_000).toBeLessThan(844);
    await keepSettled(page, 'chat-older', 'viewport');
  });

  it('shows the version on the system page and logs out with the socket told', async () => {
    const { real, page } = await realCustomer();
    const sent: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sent.push(String(frame.payload))));
    await page.goto('/mine/system');
    await expect.poll(() => page.locator('.system-list').innerText()).toMatch(/Version\s+\d+\.\d+\.\d+/);
    await page.locator('.page-actions button').click();
    await page.locator('.adm-dialog-button').last().click();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(() => sent.some((text) => text.includes('"type":"logout"'))).toBe(true);
    expect((await apiCall(server, 'GET', '/api/user/info', {}, real.token)).code).toBe(999);
  });
});
