import { existsSync } from 'node:fs';
import path from 'node:path';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeDesks, type Desks, openDesk, uniqueSuffix } from './support/admin-setup';
import { keepScreenshot, launchBrowser, newPhone, SCREENSHOT_DIR, socketInSync } from './support/browser';
import { staffCall, staffToken } from './support/funds';
import { apiCall, lastCode, registerByEmail, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// The support console at a laptop's 1440x900 against the real server, with a customer on a phone:
// the customer writes in /mine/chat and the agent's console shows the message and the unread count
// live (the staff socket, no reload); the agent marks it read, replies, and the customer sees the
// reply live; the agent closes the conversation. An admin finds the customer's registration code
// in the outbox viewer.

const ADMIN_DIST = path.resolve(import.meta.dirname, '../apps/admin/dist/index.html');

let server: RunningServer;
let browser: Browser;
/** Staff signed in once (API): Mei Chan of support, and an admin. Each test opens its own desks. */
let agentToken: string;
let adminToken: string;
const contexts: Desks = [];

/** The agent's staff sockets pass through here, so the test can cut them and refuse new ones. */
type AgentSockets = { open: WebSocketRoute[]; refuse: boolean };

/** Mei Chan's own desk for this test, her staff sockets routed through `sockets`. */
async function agentDesk(): Promise<{ agent: Page; sockets: AgentSockets }> {
  const sockets: AgentSockets = { open: [], refuse: false };
  const agent = await openDesk(browser, server, contexts, agentToken);
  await agent.context().routeWebSocket(/\/admin\/ws/, (route) => {
    if (sockets.refuse) {
      void route.close({ code: 1013, reason: 'test: server away' });
      return;
    }
    // Frames pass through unchanged in both directions.
    route.connectToServer();
    sockets.open.push(route);
  });
  return { agent, sockets };
}

/** A customer of this test's own, registered by e-mail, signed in on a phone of their own. */
async function customerOnPhone(): Promise<{ customer: SessionData; email: string; phonePage: Page }> {
  const email = `support.${uniqueSuffix()}@example.com`;
  const customer = await registerByEmail(server, email);
  const phone = await newPhone(browser, server.url);
  contexts.push(phone);
  return { customer, email, phonePage: await signIn(phone, customer) };
}

/** Resolves when the page's staff socket has subscribed to the agents' feed (the server said so). */
function agentsFeedSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text.includes('"type":"sub"') && text.includes('"code":1') && text.includes('support.agents')) {
          resolve();
        }
      });
    });
  });
}

/** A screenshot once antd's toasts have gone, so it shows the screen itself. */
async function keepSettled(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.ant-message-notice').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(page, name);
}

const conversationRow = (agent: Page, customer: SessionData) =>
  agent.locator(`.support-conversation[data-user-id="${customer.user.id}"]`);

async function customerWrites(phonePage: Page, text: string): Promise<void> {
  await phonePage.locator('.chat-input textarea:not([readonly])').fill(text);
  await phonePage.locator('.chat-send').click();
  await expect.poll(() => phonePage.locator('.chat-message.is-own', { hasText: text }).count()).toBe(1);
}

beforeAll(async () => {
  if (!existsSync(ADMIN_DIST)) throw new Error('The back office is not built: run `npm run build`.');
  server = await startServer({ market: { autoStart: false, backfill: false } });
  browser = await launchBrowser();
  agentToken = await staffToken(server, 'support', 'Mei Chan');
  adminToken = await staffToken(server, 'admin', 'Ada Admin');
});

afterEach(() => closeDesks(contexts));

afterAll(async () => {
  await closeDesks(contexts);
  await browser?.close();
  await server?.stop();
});

describe('support console and outbox (1440x900)', () => {
  it("shows a customer's new message and unread count live, then replies, marks read and closes", async () => {
    const { agent } = await agentDesk();
    const { customer, phonePage } = await customerOnPhone();
    const subscribed = agentsFeedSubscribed(agent);
    await agent.goto('/admin/support');
    await subscribed;
    await agent.locator('.support-live[data-status="live"]').waitFor();
    expect(await conversationRow(agent, customer).count()).toBe(0);
    // An agent's menu has the console and not the outbox.
    const menu = await agent.locator('.shell-menu').innerText();
    expect(menu).toContain('Support console');
    expect(menu).not.toContain('Outbox');

    // The customer writes from the phone; the console shows it without a reload.
    const synced = socketInSync(phonePage, ['support.message']);
    await phonePage.goto('/mine/chat');
    await synced;
    await customerWrites(phonePage, 'Hello, my withdrawal has been pending since yesterday.');
    await conversationRow(agent, customer).waitFor({ timeout: 10_000 });
    await expect.poll(() => conversationRow(agent, customer).getAttribute('data-unread')).toBe('1');
    expect(await conversationRow(agent, customer).locator('.ant-badge-count').innerText()).toBe('1');
    expect(await conversationRow(agent, customer).innerText()).toContain(
      'Hello, my withdrawal has been pending',
    );
    await keepSettled(agent, 'admin-support-new-message');

    await conversationRow(agent, customer).click();
    const thread = agent.locator('.support-thread');
    await thread.locator('.support-message-user', { hasText: 'pending since yesterday' }).waitFor();

    // A second message joins the open thread live, and the count goes to 2.
    await customerWrites(phonePage, 'The amount is 250 USDT.');
    await thread.locator('.support-message-user', { hasText: 'The amount is 250 USDT.' }).waitFor();
    await expect.poll(() => conversationRow(agent, customer).getAttribute('data-unread')).toBe('2');
    await keepSettled(agent, 'admin-support-thread');

    await thread.locator('.support-mark-read').click();
    await agent.getByText('Marked as read').waitFor();
    await expect.poll(() => conversationRow(agent, customer).getAttribute('data-unread')).toBe('0');
    // The badge leaves with an animation.
    await expect.poll(() => conversationRow(agent, customer).locator('.ant-badge-count').count()).toBe(0);

    // The reply reaches the customer's chat live.
    await thread
      .locator('.support-reply-text')
      .fill('Thanks. It was approved a minute ago; it is on its way.');
    await thread.locator('.support-send').click();
    await agent.getByText('Reply sent').waitFor();
    await thread.locator('.support-message-agent', { hasText: 'approved a minute ago' }).waitFor();
    await expect
      .poll(() => phonePage.locator('.chat-message.is-agent', { hasText: 'approved a minute ago' }).count(), {
        timeout: 10_000,
      })
      .toBe(1);
    expect(await phonePage.locator('.chat-message.is-agent .chat-agent-name').innerText()).toBe('Mei Chan');
    await keepSettled(agent, 'admin-support-replied');
    // The phone as the customer sees it (its viewport: a full-page shot paints its sticky bars mid-page).
    await phonePage.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-support-customer-reply.png') });

    // Closing: it leaves the open list and is listed as closed.
    await thread.locator('.support-close').click();
    await agent
      .locator('.ant-popconfirm:not(.ant-popover-hidden) .ant-popconfirm-buttons .ant-btn-primary')
      .click();
    await agent.getByText('Conversation closed').waitFor();
    await expect.poll(() => conversationRow(agent, customer).count()).toBe(0);
    await agent.locator('.support-filter').getByText('Closed').click();
    await conversationRow(agent, customer).waitFor();
    expect(await conversationRow(agent, customer).innerText()).toContain('Closed');
    expect(await thread.innerText()).toContain('Closed');
    expect(await thread.locator('.support-close').count()).toBe(0);
    await keepSettled(agent, 'admin-support-closed');
  });

  it('reconnects after the socket drops and reads again what it missed; a new message reopens', async () => {
    // A customer whose conversation an agent has read and closed (over the API: closing through the
    // console is the test above).
    const { customer, phonePage } = await customerOnPhone();
    const sent = await apiCall(
      server,
      'POST',
      '/api/support/send',
      { text: 'Hello, my withdrawal has been pending since yesterday.' },
      customer.token,
    );
    if (sent.code !== 1) throw new Error(`support send: ${sent.msg}`);
    const open = await staffCall<{ list: { id: number; user: { id: number } }[] }>(
      server,
      agentToken,
      'GET',
      '/admin/api/support/conversations',
      { status: 'open' },
    );
    const conversation = open.list.find((one) => one.user.id === customer.user.id);
    if (!conversation) throw new Error("the customer's conversation is not in the open list");
    await staffCall(server, agentToken, 'POST', '/admin/api/support/read', {
      conversation_id: conversation.id,
    });
    await staffCall(server, agentToken, 'POST', '/admin/api/support/close', {
      conversation_id: conversation.id,
    });
    await phonePage.goto('/mine/chat');
    await phonePage.locator('.chat-message.is-own', { hasText: 'pending since yesterday' }).waitFor();

    const { agent, sockets: agentSockets } = await agentDesk();
    await agent.goto('/admin/support');
    await agent.locator('.support-live[data-status="live"]').waitFor();
    expect(await conversationRow(agent, customer).count()).toBe(0);

    // The connection drops and new ones are refused for a while: the console says so.
    agentSockets.refuse = true;
    for (const route of agentSockets.open.splice(0)) await route.close({ code: 1006, reason: 'test: cut' });
    await agent.locator('.support-live[data-status="connecting"]').waitFor();
    // Meanwhile the customer writes again (the push goes nowhere)...
    await customerWrites(phonePage, 'Sorry, one more thing: can I withdraw to a new address?');
    expect(await conversationRow(agent, customer).count()).toBe(0);
    await keepSettled(agent, 'admin-support-reconnecting');

    // ...and once the socket is back, the console reads again: the conversation is open with it.
    agentSockets.refuse = false;
    await agent.locator('.support-live[data-status="live"]').waitFor({ timeout: 20_000 });
    await conversationRow(agent, customer).waitFor({ timeout: 10_000 });
    await expect.poll(() => conversationRow(agent, customer).getAttribute('data-unread')).toBe('1');
    expect(await conversationRow(agent, customer).innerText()).toContain('can I withdraw to a new address?');
    expect(await conversationRow(agent, customer).innerText()).not.toContain('Closed');

    // The console in Traditional Chinese.
    await agent.getByText('繁體中文').click();
    await agent.locator('.support-filter').getByText('處理中').waitFor();
    await conversationRow(agent, customer).click();
    await agent.locator('.support-thread').getByText('未讀訊息：1').waitFor();
    await keepSettled(agent, 'admin-support-hk');
  });

  it("shows an admin the customer's registration code in the outbox", async () => {
    const email = `support.${uniqueSuffix()}@example.com`;
    await registerByEmail(server, email);
    const code = await lastCode(server, email, 1);
    const admin = await openDesk(browser, server, contexts, adminToken);
    await admin.goto('/admin/outbox');
    await admin.locator('.outbox-table tbody tr').first().waitFor();
    await admin.locator('.outbox-filter input').fill(email);
    await admin.locator('.outbox-filter input').press('Enter');
    const row = admin.locator('.outbox-table tbody tr', { hasText: email });
    await row.waitFor();
    await expect.poll(() => admin.locator('.outbox-table tbody tr.ant-table-row').count()).toBe(1);
    const text = await row.innerText();
    expect(text).toContain('E-mail');
    expect(text).toContain('Registration');
    expect(await row.locator('.outbox-code code').innerText()).toBe(code);
    await keepSettled(admin, 'admin-outbox');
  });
});
