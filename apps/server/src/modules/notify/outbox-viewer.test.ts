import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OutboxPage } from '@meridian/contract/outbox-staff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMobile, lastCode, registerByMobile } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { countTable } from '../../../test/rows';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { areaIdOf } from '../settings/area-codes';
import { OUTBOX_FILE_NAME } from './file-transport';
import { readOutboxPage } from './outbox-viewer.service';

const HONG_KONG = { id: areaIdOf('HK'), globalCode: '+852' };

const code = (to: string, value: string, at: string) =>
  JSON.stringify({ channel: to.includes('@') ? 'email' : 'sms', to, type: 1, code: value, at });
const notice = (to: string, text: string, at: string) =>
  JSON.stringify({ channel: 'email', to, type: 'funds.deposit_approved', text, at });

describe('reading the outbox file from its end', () => {
  let folder: string;
  let file: string;
  // Small chunks, so lines straddle chunk boundaries.
  const bounds = { chunkBytes: 37, budgetBytes: 1024 * 1024, lineBytesMax: 400 };

  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    file = path.join(folder, OUTBOX_FILE_NAME);
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('answers an empty page when there is no file', async () => {
    expect(await readOutboxPage(path.join(folder, 'none.jsonl'), { page: 1, limit: 10 }, bounds)).toEqual({
      list: [],
      page: 1,
      limit: 10,
      has_more: false,
      broken_lines: 0,
      scan_truncated: false,
    });
  });

  it('pages newest first, filters by address, and reports broken lines without stopping', async () => {
    const lines = [
      code('a@example.com', '111111', '2026-11-24T01:00:00.000Z'),
      '{"channel":"sms","to":"+852', // a torn write
      code('+85291234567', '222222', '2026-11-24T02:00:00.000Z'),
      'not json at all',
      notice(
        'a@example.com',
        'Your deposit of 100.00 USDT was credited. 存款已入賬',
        '2026-11-24T03:00:00.000Z',
      ),
      JSON.stringify({ channel: 'fax', to: 'x', type: 1, code: '1', at: 'now' }),
      code('b@example.com', '333333', '2026-11-24T04:00:00.000Z'),
      'x'.repeat(1000), // longer than a message can be
      code('a@example.com', '444444', '2026-11-24T05:00:00.000Z'),
    ];
    await writeFile(file, `${lines.join('\n')}\n`);

    const first = await readOutboxPage(file, { page: 1, limit: 2 }, bounds);
    expect(first.list.map((entry) => entry.code || entry.text)).toEqual(['444444', '333333']);
    // Finding whether more exist read past the fax line too.
    expect(first).toMatchObject({ has_more: true, broken_lines: 2, scan_truncated: false });

    const second = await readOutboxPage(file, { page: 2, limit: 2 }, bounds);
    expect(second.list.map((entry) => entry.code || entry.text)).toEqual([
      'Your deposit of 100.00 USDT was credited. 存款已入賬',
      '222222',
    ]);
    expect(second.list[0]).toMatchObject({ kind: 'notice', type: 'funds.deposit_approved', code: '' });
    expect(second.list[1]).toMatchObject({ kind: 'code', channel: 'sms', to: '+85291234567', type: '1' });
    expect(second.has_more).toBe(true);

    const third = await readOutboxPage(file, { page: 3, limit: 2 }, bounds);
    expect(third.list.map((entry) => entry.code)).toEqual(['111111']);
    expect(third).toMatchObject({ has_more: false, broken_lines: 4 });

    const filtered = await readOutboxPage(file, { page: 1, limit: 10, to: ' A@EXAMPLE' }, bounds);
    expect(filtered.list.map((entry) => entry.code || entry.kind)).toEqual(['444444', 'notice', '111111']);
  });

  it('keeps a file without a final newline, and a first line that is the whole file', async () => {
    await writeFile(file, code('one@example.com', '555555', '2026-11-24T06:00:00.000Z'));
    expect(
      (await readOutboxPage(file, { page: 1, limit: 5 }, bounds)).list.map((entry) => entry.code),
    ).toEqual(['555555']);
  });

  it('reads at most its byte budget, and says so', async () => {
    const many = Array.from({ length: 200 }, (_, index) =>
      code(`user${index}@example.com`, String(100000 + index), '2026-11-24T07:00:00.000Z'),
    );
    await writeFile(file, `${many.join('\n')}\n`);
    const page = await readOutboxPage(
      file,
      { page: 1, limit: 10, to: 'nobody-matches' },
      { ...bounds, budgetBytes: 2000 },
    );
    expect(page).toMatchObject({ list: [], has_more: false, scan_truncated: true });
    const newest = await readOutboxPage(file, { page: 1, limit: 3 }, { ...bounds, budgetBytes: 2000 });
    expect(newest.list.map((entry) => entry.code)).toEqual(['100199', '100198', '100197']);
    expect(newest.scan_truncated).toBe(false);
  });
});

describe('GET /admin/api/outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("shows an admin a registration's verification code, newest first, and audits the read", async () => {
    const mobile = freshMobile();
    await registerByMobile(t, HONG_KONG, mobile);
    const sent = await lastCode(t, `+852${mobile}`, 1);
    // The sender writes the file (by itself in the server; by hand in this test).
    await t.app.outbox.deliverDue();
    await appendFile(path.join(t.dataDir, OUTBOX_FILE_NAME), 'a broken line\n');
    const admin = await staffSession(t, 'admin');
    const audits = await countTable(t, 'audit_log');
    const page = await adminCall<OutboxPage>(
      t,
      'GET',
      '/admin/api/outbox',
      { to: mobile.slice(-8) },
      admin.token,
    );
    expect(page.code).toBe(1);
    expect(page.data.list[0]).toMatchObject({ channel: 'sms', kind: 'code', code: sent, type: '1' });
    expect(page.data.list[0]!.to).toContain(mobile.slice(-8));
    expect(page.data.broken_lines).toBe(1);
    expect(await countTable(t, 'audit_log')).toBe(audits + 1);
    const result = await t.database.db.execute(
      `select staff_id, details from audit_log where action = 'outbox.read' order by id desc limit 1`,
    );
    expect(rowsOf<{ staff_id: number; details: unknown }>(result)[0]).toMatchObject({
      staff_id: admin.id,
      details: { page: 1, to: mobile.slice(-8), shown: page.data.list.length, broken_lines: 1 },
    });
  });

  it('refuses bad input and every role but admin; a refusal shows nothing and writes only its audit', async () => {
    const admin = await staffSession(t, 'admin');
    for (const fields of [
      { page: 0 },
      { limit: 1000 },
      { page: 'x' },
      { to: 'a\u0007b' },
      { to: 'x'.repeat(300) },
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
