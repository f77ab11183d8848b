import type { SessionData } from '@meridian/contract/auth';
import type { ConversationSummary } from '@meridian/contract/staff';
import type { SupportMessage } from '@meridian/contract/support';
import type { SupportAgentsPush } from '@meridian/contract/support-staff';
import type { StaffRoleName } from '@meridian/domain/staff-roles';
import { staffMay } from '@meridian/domain/staff-roles';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import { expectContractPush } from '../../../test/pushes';
import { countTable } from '../../../test/rows';
import { isPush, socketUrl, TestSocket } from '../../../test/socket';
import { adminCall, serviceContext, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { liveStaffSessions } from '../staff/staff.public';

const t = useTestApp();
const sockets: TestSocket[] = [];

afterAll(async () => {
  for (const socket of sockets) socket.close();
});

type Page = { list: ConversationSummary[]; total: number };

async function send(token: string, text: string) {
  return call<SupportMessage>(t, 'POST', '/api/support/send', { text }, { token });
}

async function conversationOf(
  agentToken: string,
  userId: number,
  status = 'all',
): Promise<ConversationSummary> {
  const page = await adminCall<Page>(
    t,
    'GET',
    '/admin/api/support/conversations',
    { status, limit: 50 },
    agentToken,
  );
  const found = page.data.list.find((item) => item.user.id === userId);
  if (!found) throw new Error(`no conversation of user ${userId} in ${status}`);
  return found;
}

async function lastAudit(
  action: string,
): Promise<{ staff_id: number; target: string; details: unknown } | undefined> {
  const result = await t.database.db.execute(
    `select staff_id, target, details from audit_log where action = '${action}' order by id desc limit 1`,
  );
  return rowsOf<{ staff_id: number; target: string; details: unknown }>(result)[0];
}

async function closedAtOf(conversationId: number): Promise<string | null> {
  const result = await t.database.db.execute(
    `select closed_at from support_conversations where id = ${Number(conversationId)}`,
  );
  const value = rowsOf<{ closed_at: Date | string | null }>(result)[0]?.closed_at ?? null;
  return value === null ? null : new Date(value).toISOString();
}

async function openSocket(path: '/v1/ws' | '/admin/ws'): Promise<TestSocket> {
  const url = (await socketUrl(t)).replace('/v1/ws', path);
  const socket = await TestSocket.open(url);
  sockets.push(socket);
  return socket;
}

/** A staff socket logged in with the token and subscribed to the agents' feed. */
async function agentSocket(token: string): Promise<TestSocket> {
  const socket = await openSocket('/admin/ws');
  expect(await socket.request({ type: 'login', params: { token } })).toMatchObject({
    type: 'login',
    code: 1,
  });
  expect(await socket.request({ type: 'sub', params: { topic: 'support.agents' } })).toEqual({
    type: 'sub',
    code: 1,
    topic: 'support.agents',
  });
  return socket;
}

describe('support console: unread counts and close', () => {
  let agent: { id: number; token: string };

  beforeAll(async () => {
    agent = await staffSession(t, 'support', 'Ada (Support)');
  });

  /** A customer of the test's own who wrote 'first' and 'second' (no test uses another's). */
  async function customerWhoWrote(): Promise<SessionData> {
    const customer = await registerByEmail(t, freshEmail('console'));
    for (const text of ['first', 'second']) expect((await send(customer.token, text)).code).toBe(1);
    return customer;
  }

  /** Such a customer whose conversation the agent closed. */
  async function closedConversation(): Promise<{ customer: SessionData; id: number }> {
    const customer = await customerWhoWrote();
    const { id } = await conversationOf(agent.token, customer.user.id, 'open');
    const closed = await adminCall(
      t,
      'POST',
      '/admin/api/support/close',
      { conversation_id: id },
      agent.token,
    );
    expect(closed.code).toBe(1);
    return { customer, id };
  }

  it('lists each conversation with its own unread count', async () => {
    const customer = await registerByEmail(t, freshEmail('console'));
    const other = await registerByEmail(t, freshEmail('other'));
    await send(customer.token, 'first');
    await send(customer.token, 'second');
    await send(other.token, 'only one');
    expect(await conversationOf(agent.token, customer.user.id, 'open')).toMatchObject({
      unread: 2,
      last_text: 'second',
      closed_at: '',
    });
    expect((await conversationOf(agent.token, other.user.id, 'open')).unread).toBe(1);
  });

  it('closes a conversation: audited with before and after, listed as closed, read by the agents', async () => {
    const customer = await customerWhoWrote();
    const { id } = await conversationOf(agent.token, customer.user.id, 'open');
    const audits = await countTable(t, 'audit_log');
    const closed = await adminCall<ConversationSummary>(
      t,
      'POST',
      '/admin/api/support/close',
      { conversation_id: id },
      agent.token,
    );
    expect(closed).toMatchObject({ code: 1, data: { id, unread: 0 } });
    expect(closed.data.closed_at).not.toBe('');
    expect(await closedAtOf(id)).toBe(closed.data.closed_at);
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);
    expect(await lastAudit('support.close')).toMatchObject({
      staff_id: agent.id,
      target: `conversation:${id}`,
      details: {
        userId: customer.user.id,
        before: { closed_at: null },
        after: { closed_at: closed.data.closed_at, closed_by: agent.id },
      },
    });

    const open = await adminCall<Page>(
      t,
      'GET',
      '/admin/api/support/conversations',
      { limit: 50 },
      agent.token,
    );
    expect(open.data.list.some((item) => item.id === id)).toBe(false);
    expect((await conversationOf(agent.token, customer.user.id, 'closed')).closed_at).toBe(
      closed.data.closed_at,
    );

    // The customer's side is as it was: the history is there and they may write.
    const history = await call<{ list: SupportMessage[] }>(
      t,
      'GET',
      '/api/support/messages',
      {},
      {
        token: customer.token,
      },
    );
    expect(history.data.list.map((message) => message.text)).toEqual(['first', 'second']);
  });

  it('refuses to close a closed conversation, an unknown one, and bad input; writes nothing', async () => {
    const { id } = await closedConversation();
    const before = await closedAtOf(id);
    const audits = await countTable(t, 'audit_log');
    expect(
      await adminCall(t, 'POST', '/admin/api/support/close', { conversation_id: id }, agent.token),
    ).toEqual({ code: 0, msg: 'This conversation is already closed.', data: null });
    expect(
      await adminCall(t, 'POST', '/admin/api/support/close', { conversation_id: 999_999 }, agent.token),
    ).toEqual({ code: 0, msg: 'This conversation does not exist.', data: null });
    for (const fields of [{}, { conversation_id: 'abc' }, { conversation_id: 0 }, { conversation_id: -3 }]) {
      const answer = await adminCall(t, 'POST', '/admin/api/support/close', fields, agent.token);
      expect(answer.code).toBe(0);
      expect(answer.msg).not.toBe('');
    }
    const listed = await adminCall(
      t,
      'GET',
      '/admin/api/support/conversations',
      { status: 'shut' },
      agent.token,
    );
    expect(listed.code).toBe(0);
    expect(await closedAtOf(id)).toBe(before);
    expect(await countTable(t, 'audit_log')).toBe(audits);
  });

  it('refuses close to a role that may only read (audited, nothing changed)', async () => {
    const person = await registerByEmail(t, freshEmail('still-open'));
    await send(person.token, 'please keep this open');
    const { id } = await conversationOf(agent.token, person.user.id, 'open');
    const compliance = await staffSession(t, 'compliance');
    const audits = await countTable(t, 'audit_log');
    expect(
      await adminCall(t, 'POST', '/admin/api/support/close', { conversation_id: id }, compliance.token),
    ).toEqual({ code: 0, msg: 'Your role does not allow this.', data: null });
    expect(await closedAtOf(id)).toBeNull();
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);
    expect(await lastAudit('staff.forbidden')).toMatchObject({ staff_id: expect.any(Number) });
  });

  it('refuses mark-read to compliance, a read-only chat role: localized, audited, the unread count kept', async () => {
    const person = await registerByEmail(t, freshEmail('unread-kept'));
    await send(person.token, 'is anyone there?');
    await send(person.token, 'hello?');
    const { id } = await conversationOf(agent.token, person.user.id, 'open');
    const compliance = await staffSession(t, 'compliance');
    const audits = await countTable(t, 'audit_log');
    expect(
      await adminCall(t, 'POST', '/admin/api/support/read', { conversation_id: id }, compliance.token),
    ).toEqual({ code: 0, msg: 'Your role does not allow this.', data: null });
    const inChinese = await adminCall(
      t,
      'POST',
      '/admin/api/support/read',
      { conversation_id: id },
      compliance.token,
      'hk',
    );
    expect(inChinese.code).toBe(0);
    expect(inChinese.msg).not.toBe('Your role does not allow this.');
    // Two refusals, each only the guard's staff.forbidden.
    expect(await countTable(t, 'audit_log')).toBe(audits + 2);
    expect(await lastAudit('staff.forbidden')).toMatchObject({ staff_id: compliance.id });
    expect(await conversationOf(agent.token, person.user.id, 'open')).toMatchObject({ id, unread: 2 });
    // Compliance still reads the thread; an agent may mark it read.
    const thread = await adminCall(
      t,
      'GET',
      '/admin/api/support/messages',
      { conversation_id: id },
      compliance.token,
    );
    expect(thread.code).toBe(1);
    expect(
      (await adminCall(t, 'POST', '/admin/api/support/read', { conversation_id: id }, agent.token)).code,
    ).toBe(1);
    expect(await conversationOf(agent.token, person.user.id, 'open')).toMatchObject({ id, unread: 0 });
  });

  it("opens a closed conversation again at the customer's next message, with its unread count", async () => {
    const { customer, id } = await closedConversation();
    await send(customer.token, 'one more question');
    expect(await closedAtOf(id)).toBeNull();
    expect(await conversationOf(agent.token, customer.user.id, 'open')).toMatchObject({
      id,
      unread: 1,
      closed_at: '',
      last_text: 'one more question',
    });
  });
});

describe('the staff socket (/admin/ws)', () => {
  it('refuses a customer token on the staff socket and a staff token on the customer socket', async () => {
    const customer = await registerByEmail(t, freshEmail('wrong-door'));
    const agent = await staffSession(t, 'support');
    const staffSide = await openSocket('/admin/ws');
    expect(await staffSide.request({ type: 'login', params: { token: customer.token } })).toMatchObject({
      code: 999,
    });
    expect(await staffSide.request({ type: 'sub', params: { topic: 'support.agents' } })).toMatchObject({
      code: 0,
    });
    const customerSide = await openSocket('/v1/ws');
    expect(await customerSide.request({ type: 'login', params: { token: agent.token } })).toMatchObject({
      code: 999,
    });
    // The agents' topic does not exist on the customer socket, logged in or not.
    expect(await customerSide.request({ type: 'login', params: { token: customer.token } })).toMatchObject({
      code: 1,
    });
    expect(await customerSide.request({ type: 'sub', params: { topic: 'support.agents' } })).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/\S/),
    });
    // Nor does a customer topic on the staff socket.
    const staffSocket = await agentSocket(agent.token);
    expect(await staffSocket.request({ type: 'sub', params: { topic: 'support.message' } })).toMatchObject({
      code: 0,
    });
  });

  it("pushes a customer's new message with the conversation's unread count to every agent, live", async () => {
    const first = await agentSocket((await staffSession(t, 'support', 'Ada')).token);
    const second = await agentSocket((await staffSession(t, 'admin', 'Root')).token);
    const customer = await registerByEmail(t, freshEmail('live'));
    await send(customer.token, 'Is anyone there?');
    for (const socket of [first, second]) {
      const push = (await socket.next(isPush('support.agents'))) as { data: SupportAgentsPush };
      expectContractPush(push);
      expect(push.data).toMatchObject({
        conversation: {
          user: { id: customer.user.id },
          unread: 1,
          last_text: 'Is anyone there?',
          closed_at: '',
        },
        message: { sender: 'user', text: 'Is anyone there?', has_image: false, agent_name: '' },
      });
    }
    await send(customer.token, 'Hello?');
    const again = (await first.next(isPush('support.agents'))) as { data: SupportAgentsPush };
    expect(again.data.conversation.unread).toBe(2);
    const conversationId = again.data.conversation.id;
    await second.drain();

    // A reply, a close: the other agents see them too (unread 0, closed).
    const agent = await staffSession(t, 'support', 'Mei');
    await adminCall(
      t,
      'POST',
      '/admin/api/support/reply',
      { conversation_id: conversationId, text: 'Yes!' },
      agent.token,
    );
    const replied = (await first.next(isPush('support.agents'))) as { data: SupportAgentsPush };
    expectContractPush(replied);
    expect(replied.data).toMatchObject({
      conversation: { id: conversationId, unread: 0 },
      message: { sender: 'agent', agent_name: 'Mei', text: 'Yes!' },
    });
    await adminCall(t, 'POST', '/admin/api/support/close', { conversation_id: conversationId }, agent.token);
    const closed = (await first.next(isPush('support.agents'))) as { data: SupportAgentsPush };
    expectContractPush(closed);
    expect(closed.data.message).toBeNull();
    expect(closed.data.conversation.closed_at).not.toBe('');
  });

  it('refuses the agents feed to a role without support.read (audited) and to a socket not logged in', async () => {
    const roles: StaffRoleName[] = ['finance', 'content'];
    for (const role of roles) expect(staffMay(role, 'support.read')).toBe(false);
    for (const role of roles) {
      const member = await staffSession(t, role);
      const socket = await openSocket('/admin/ws');
      expect(await socket.request({ type: 'login', params: { token: member.token } })).toMatchObject({
        code: 1,
      });
      const audits = await countTable(t, 'audit_log');
      expect(await socket.request({ type: 'sub', params: { topic: 'support.agents' } })).toEqual({
        type: 'sub',
        code: 0,
        topic: 'support.agents',
        msg: 'Your role does not allow this.',
      });
      expect(await countTable(t, 'audit_log')).toBe(audits + 1);
      expect(await lastAudit('staff.forbidden')).toMatchObject({
        staff_id: member.id,
        details: { topic: 'support.agents', permission: 'support.read' },
      });
      // And it hears nothing of the customers.
      const customer = await registerByEmail(t, freshEmail('unheard'));
      await send(customer.token, 'private');
      expect(await socket.drain()).toEqual([]);
    }
    const anonymous = await openSocket('/admin/ws');
    expect(await anonymous.request({ type: 'sub', params: { topic: 'support.agents' } })).toMatchObject({
      code: 0,
      msg: expect.stringMatching(/\S/),
    });
  });

  it('ends the login of a socket whose staff session ended (the periodic check), and it hears nothing more', async () => {
    const agent = await staffSession(t, 'support');
    const socket = await agentSocket(agent.token);
    expect((await adminCall(t, 'POST', '/admin/api/logout', {}, agent.token)).code).toBe(1);
    const allows = () => true;
    await t.app.realtime.recheckStaff((ids) => liveStaffSessions(serviceContext(t), ids), allows);
    expect(
      await socket.next((message) => typeof message === 'object' && message.type === 'login'),
    ).toMatchObject({
      code: 999,
    });
    const customer = await registerByEmail(t, freshEmail('after-logout'));
    await send(customer.token, 'nobody hears this');
    expect(await socket.drain()).toEqual([]);
  });
});
