import type { OutboxPage } from '@meridian/contract/outbox-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, HONG_KONG, lastCode, registerByMobile } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { countTable } from '../../../test/rows';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import type { Transport } from './delivery';
import { queueMessage } from './outbox.service';

describe('GET /admin/api/outbox', () => {
  let t: TestApp;
  let failing = true;
  const flaky: Transport = {
    name: 'flaky',
    async deliver() {
      if (failing) throw new Error('421 try again later');
    },
  };
  beforeAll(async () => {
    t = await createTestApp({ outbox: { transports: { sms: flaky } } });
  });
  afterAll(async () => {
    await t.close();
  });

  const view = async (token: string, fields: Record<string, unknown>) =>
    adminCall<OutboxPage>(t, 'GET', '/admin/api/outbox', fields, token);

  it("shows an admin a registration's verification code with its delivery, newest first, and audits the read", async () => {
    const mobile = freshMobile();
    await registerByMobile(t, HONG_KONG, mobile);
    const sent = await lastCode(t, `+852${mobile}`, 1);
    const admin = await staffSession(t, 'admin');
    const audits = await countTable(t, 'audit_log');
    const page = await view(admin.token, { to: mobile.slice(-8) });
    expect(page.code).toBe(1);
    expect(page.data).toMatchObject({ page: 1, has_more: false });
    expect(page.data.list).toEqual([
      expect.objectContaining({
        channel: 'sms',
        to: `+852${mobile}`,
        kind: 'code',
        code: sent,
        type: '1',
        text: '',
        status: 'pending',
        attempts: 0,
        last_error: '',
        transport: '',
        sent_at: '',
      }),
    ]);
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);
    const result = await t.database.db.execute(
      `select staff_id, details from audit_log where action = 'outbox.read' order by id desc limit 1`,
    );
    expect(rowsOf<{ staff_id: number; details: unknown }>(result)[0]).toMatchObject({
      staff_id: admin.id,
      details: { page: 1, to: mobile.slice(-8), status: '', shown: 1 },
    });

    // A failed try shows its error; the delivery then shows its transport and time.
    failing = true;
    await t.app.outbox.deliverDue();
    expect((await view(admin.token, { to: mobile.slice(-8) })).data.list[0]).toMatchObject({
      status: 'pending',
      attempts: 1,
      last_error: 'Error: 421 try again later',
    });
    failing = false;
    t.clock.advance(15 * 60_000);
    await t.app.outbox.deliverDue();
    expect((await view(admin.token, { to: mobile.slice(-8) })).data.list[0]).toMatchObject({
      status: 'sent',
      attempts: 2,
      transport: 'flaky',
      sent_at: t.clock.now().toISOString(),
    });
  });

  it('filters by status, renders a notice in its language, takes LIKE characters literally, and pages', async () => {
    const admin = await staffSession(t, 'admin');
    await t.database.db.transaction(async (tx) => {
      for (const index of [1, 2, 3]) {
        await queueMessage(tx, {
          channel: 'email',
          to: `odd_100%${index}@example.com`,
          language: 'hk',
          kind: 'notice',
          type: 'kyc.verified',
          key: 'notice.identity_verified',
          params: {},
          at: t.clock.now(),
        });
      }
    });
    const first = await view(admin.token, { to: '_100%', limit: 2, status: 'pending' });
    expect(first.data.has_more).toBe(true);
    expect(first.data.list.map((entry) => entry.to)).toEqual([
      'odd_100%3@example.com',
      'odd_100%2@example.com',
    ]);
    expect(first.data.list[0]).toMatchObject({ kind: 'notice', type: 'kyc.verified', code: '' });
    expect(first.data.list[0]?.text).toContain('身份');
    const second = await view(admin.token, { to: '_100%', limit: 2, page: 2 });
    expect(second.data).toMatchObject({ has_more: false, list: [{ to: 'odd_100%1@example.com' }] });
    expect((await view(admin.token, { to: '_100%', status: 'sent' })).data.list).toEqual([]);
    expect((await view(admin.token, { to: 'x100%' })).data.list).toEqual([]);
  });

  it('refuses bad input and every role but admin; a refusal shows nothing and writes only its audit', async () => {
    const admin = await staffSession(t, 'admin');
    for (const fields of [
      { page: 0 },
      { limit: 1000 },
      { page: 'x' },
      { to: 'a\u0007b' },
      { to: 'x'.repeat(300) },
      { status: 'lost' },
    ]) {
      const answer = await adminCall(t, 'GET', '/admin/api/outbox', fields, admin.token);
      expect(answer).toMatchObject({ code: 0, data: null });
    }
    for (const role of ['support', 'finance', 'compliance', 'content'] as const) {
      const member = await staffSession(t, role);
      const audits = await countTable(t, 'audit_log');
      expect(await adminCall(t, 'GET', '/admin/api/outbox', {}, member.token)).toEqual({
        code: 0,
        msg: 'Your role does not allow this.',
        data: null,
      });
      expect(await countTable(t, 'audit_log')).toBe(audits + 1);
    }
    expect((await adminCall(t, 'GET', '/admin/api/outbox', {})).code).toBe(999);
  });
});
