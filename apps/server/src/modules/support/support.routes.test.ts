import type { SessionData } from '@meridian/contract/auth';
import { LIMITS } from '@meridian/contract/limits';
import type { SupportHistory, SupportMessage } from '@meridian/contract/support';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { expectContractPush } from '../../../test/pushes';
import { countTable } from '../../../test/rows';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, staffSession } from '../../../test/staff';
import { SERVER_LIMITS } from '../../limits';

const t = useTestApp();
const sockets: TestSocket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
});

async function send(token: string, fields: Record<string, unknown>) {
  return call<SupportMessage>(t, 'POST', '/api/support/send', fields, { token });
}

async function history(token: string, fields: Record<string, unknown> = {}) {
  return call<SupportHistory>(t, 'GET', '/api/support/messages', fields, { token });
}

/** A socket logged in as the user and subscribed to their chat topic. */
async function chatSocket(token: string): Promise<TestSocket> {
  const socket = await TestSocket.open(await socketUrl(t));
  sockets.push(socket);
  expect(await socket.request({ type: 'login', params: { token } })).toMatchObject({ code: 1 });
  expect(await socket.request({ type: 'sub', params: { topic: 'support.message' } })).toMatchObject({
    code: 1,
  });
  return socket;
}

describe('customer-service chat: the customer side', () => {
  let user: SessionData;
  beforeAll(async () => {
    user = await registerByEmail(t, freshEmail('chat'));
  });

  it('starts empty', async () => {
    expect((await history(user.token)).data).toEqual({ list: [], has_more: false, unread: 0 });
  });

  it('sends text and an image of the user, and shows them in the history', async () => {
    const text = await send(user.token, { text: '  Hello, my deposit has not arrived yet.  ' });
    expect(text).toMatchObject({
      code: 1,
      data: { sender: 'user', text: 'Hello, my deposit has not arrived yet.', image: '' },
    });
    const picture = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'chat' });
    const withImage = await send(user.token, { image: picture.data!.name });
    expect(withImage.data.image).toMatch(/^\/api\/common\/image\/[0-9a-f]{32}\.jpg\?exp=/);
    expect((await fetchImage(t, withImage.data.image)).status).toBe(200);

    const page = (await history(user.token)).data;
    expect(page.list.map((message) => message.text)).toEqual(['Hello, my deposit has not arrived yet.', '']);
    expect(page.list[1]!.image).not.toBe('');
  });

  it('pages older messages with before', async () => {
    const person = await registerByEmail(t, freshEmail('pager'));
    for (let index = 1; index <= 5; index += 1) await send(person.token, { text: `message ${index}` });
    const newest = (await history(person.token, { limit: 2 })).data;
    expect(newest.list.map((message) => message.text)).toEqual(['message 4', 'message 5']);
    expect(newest.has_more).toBe(true);
    const older = (await history(person.token, { limit: 2, before: newest.list[0]!.id })).data;
    expect(older.list.map((message) => message.text)).toEqual(['message 2', 'message 3']);
    const oldest = (await history(person.token, { limit: 2, before: older.list[0]!.id })).data;
    expect(oldest).toMatchObject({ has_more: false });
    expect(oldest.list.map((message) => message.text)).toEqual(['message 1']);
  });

  it('refuses an empty message, an over-long one, and an image that is not the user own chat upload; writes nothing', async () => {
    const stranger = await registerByEmail(t, freshEmail('stranger'));
    const theirs = await upload(t, stranger.token, await makeImage('jpeg'), { purpose: 'chat' });
    const ownKyc = await upload(t, user.token, await makeImage('jpeg'), { purpose: 'kyc' });
    const before = await countTable(t, 'support_messages');
    expect(await send(user.token, {})).toMatchObject({ code: 0, msg: 'Message is required.' });
    expect(await send(user.token, { text: '   ' })).toMatchObject({
      code: 0,
      msg: 'Please write a message or choose an image.',
    });
    expect(await send(user.token, { text: 'x'.repeat(LIMITS.supportTextLengthMax + 1) })).toMatchObject({
      code: 0,
      // Numbers in refusals are written as the reader's language writes them: 2,000.
      msg: `Message is too long (at most ${LIMITS.supportTextLengthMax.toLocaleString('en')} characters).`,
    });
    for (const image of [theirs.data!.name, ownKyc.data!.name]) {
      expect(await send(user.token, { text: 'look', image })).toEqual({
        code: 0,
        msg: 'This image was not found. Please upload it again.',
        data: null,
      });
    }
    expect(await countTable(t, 'support_messages')).toBe(before);
  });

  it('lets a demo user chat (customer service is for everyone)', async () => {
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'chat-demo-device-1',
    });
    expect((await send(demo.data.token, { text: 'How do I open a real account?' })).code).toBe(1);
  });

  it('answers 999 to a visitor on every chat call, and writes nothing', async () => {
    const before = await countTable(t, 'support_messages');
    expect((await call(t, 'GET', '/api/support/messages')).code).toBe(999);
    expect((await call(t, 'POST', '/api/support/send', { text: 'hi' })).code).toBe(999);
    expect((await call(t, 'GET', '/api/support/unread')).code).toBe(999);
    expect((await call(t, 'POST', '/api/support/read')).code).toBe(999);
    expect(await countTable(t, 'support_messages')).toBe(before);
  });

  it(`allows ${SERVER_LIMITS.supportMessagesPerUserMax} messages a minute, then refuses`, async () => {
    const chatty = await registerByEmail(t, freshEmail('chatty'));
    for (let index = 0; index < SERVER_LIMITS.supportMessagesPerUserMax; index += 1) {
      expect((await send(chatty.token, { text: `line ${index}` })).code).toBe(1);
    }
    const refused = await send(chatty.token, { text: 'one more' });
    expect(refused.msg).toMatch(/^Too many attempts/);
  });
});

describe('customer-service chat: the agents and the live push', () => {
  it('an agent reply reaches that user live, and no one else', async () => {
    const alice = await registerByEmail(t, freshEmail('alice'));
    const bob = await registerByEmail(t, freshEmail('bob'));
    await send(alice.token, { text: 'Can you check my withdrawal?' });
    await send(bob.token, { text: 'Bob here' });
    const aliceSocket = await chatSocket(alice.token);
    const bobSocket = await chatSocket(bob.token);

    const agent = await staffSession(t, 'support', 'Mei (Customer Service)');
    const list = await adminCall<{
      list: { id: number; user: { id: number }; unread: number; last_text: string }[];
    }>(t, 'GET', '/admin/api/support/conversations', {}, agent.token);
    expect(list.code).toBe(1);
    const conversation = list.data.list.find((item) => item.user.id === alice.user.id)!;
    expect(conversation).toMatchObject({ unread: 1, last_text: 'Can you check my withdrawal?' });

    const audits = await countTable(t, 'audit_log');
    const reply = await adminCall<SupportMessage>(
      t,
      'POST',
      '/admin/api/support/reply',
      { conversation_id: conversation.id, text: 'Of course. It was approved a minute ago.' },
      agent.token,
    );
    expect(reply).toMatchObject({ code: 1, data: { sender: 'agent', agent_name: 'Mei (Customer Service)' } });
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);

    const pushed = await aliceSocket.next(isPush('support.message'));
    expectContractPush(pushed);
    expect(pushed).toMatchObject({
      type: 'push',
      topic: 'support.message',
      data: {
        sender: 'agent',
        text: 'Of course. It was approved a minute ago.',
        agent_name: 'Mei (Customer Service)',
      },
    });
    expect(await bobSocket.drain()).toEqual([]);

    // The user sees it as unread until they read it.
    expect((await call(t, 'GET', '/api/support/unread', {}, { token: alice.token })).data).toEqual({
      unread: 1,
    });
    expect((await history(alice.token)).data.unread).toBe(1);
    expect((await call(t, 'POST', '/api/support/read', {}, { token: alice.token })).code).toBe(1);
    expect((await call(t, 'GET', '/api/support/unread', {}, { token: alice.token })).data).toEqual({
      unread: 0,
    });
  });

  it("a user's own message reaches their other devices", async () => {
    const carol = await registerByEmail(t, freshEmail('carol'));
    const phone = await chatSocket(carol.token);
    await send(carol.token, { text: 'from my laptop' });
    expect(await phone.next(isPush('support.message'))).toMatchObject({
      data: { sender: 'user', text: 'from my laptop' },
    });
  });

  it('refuses the chat topic to an anonymous socket', async () => {
    const socket = await TestSocket.open(await socketUrl(t));
    sockets.push(socket);
    expect(await socket.request({ type: 'sub', params: { topic: 'support.message' } })).toMatchObject({
      code: 0,
    });
  });

  it('lets agents read a conversation (images signed for them) and mark it read, all audited', async () => {
    const dave = await registerByEmail(t, freshEmail('dave'));
    const picture = await upload(t, dave.token, await makeImage('png'), {
      purpose: 'chat',
      contentType: 'image/png',
    });
    await send(dave.token, { text: 'screenshot attached', image: picture.data!.url });
    const agent = await staffSession(t, 'support');
    const conversations = await adminCall<{ list: { id: number; user: { id: number } }[] }>(
      t,
      'GET',
      '/admin/api/support/conversations',
      { limit: 50 },
      agent.token,
    );
    const id = conversations.data.list.find((item) => item.user.id === dave.user.id)!.id;
    const audits = await countTable(t, 'audit_log');
    const messages = await adminCall<{ list: SupportMessage[]; has_more: boolean }>(
      t,
      'GET',
      '/admin/api/support/messages',
      { conversation_id: id },
      agent.token,
    );
    expect(messages.data.list).toHaveLength(1);
    const image = messages.data.list[0]!.image;
    expect(image).toMatch(new RegExp(`&v=s${agent.id}$`));
    expect((await fetchImage(t, image)).status).toBe(200);
    // The agent's address is not the owner's: it does not open as the owner's, nor for another staff id.
    expect((await fetchImage(t, image.replace(`&v=s${agent.id}`, ''))).status).toBe(403);
    expect((await fetchImage(t, image.replace(`&v=s${agent.id}`, `&v=s${agent.id + 1}`))).status).toBe(403);

    expect(
      (await adminCall(t, 'POST', '/admin/api/support/read', { conversation_id: id }, agent.token)).code,
    ).toBe(1);
    expect(await countTable(t, 'audit_log')).toBe(audits + 2);
    const after = await adminCall<{ list: { id: number; unread: number }[] }>(
      t,
      'GET',
      '/admin/api/support/conversations',
      { limit: 50 },
      agent.token,
    );
    expect(after.data.list.find((item) => item.id === id)!.unread).toBe(0);
  });

  it('refuses an unknown conversation, and a role without support rights (audited, nothing sent)', async () => {
    const agent = await staffSession(t, 'support');
    expect(
      await adminCall(
        t,
        'POST',
        '/admin/api/support/reply',
        { conversation_id: 999_999, text: 'hi' },
        agent.token,
      ),
    ).toEqual({ code: 0, msg: 'This conversation does not exist.', data: null });

    const finance = await staffSession(t, 'finance');
    const messages = await countTable(t, 'support_messages');
    const audits = await countTable(t, 'audit_log');
    for (const [method, url, fields] of [
      ['GET', '/admin/api/support/conversations', {}],
      ['GET', '/admin/api/support/messages', { conversation_id: 1 }],
      ['POST', '/admin/api/support/reply', { conversation_id: 1, text: 'hi' }],
      ['POST', '/admin/api/support/read', { conversation_id: 1 }],
    ] as const) {
      expect(await adminCall(t, method, url, fields, finance.token)).toEqual({
        code: 0,
        msg: 'Your role does not allow this.',
        data: null,
      });
    }
    expect(await countTable(t, 'support_messages')).toBe(messages);
    expect(await countTable(t, 'audit_log')).toBe(audits + 4);
  });
});
