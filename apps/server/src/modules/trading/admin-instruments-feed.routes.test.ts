import type { StaffInstrument, StaffInstrumentList } from '@meridian/contract/instruments-staff';
import { STAFF_ROLE_NAMES, staffMay } from '@meridian/domain/staff-roles';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffLogin } from '../../../test/funds';
import { adminCall, staffSession } from '../../../test/staff';
import { BTCUSDT, createTradingApp, EURUSD, type TradingApp } from '../../../test/trading';
import { rowsOf } from '../../db/migrate';

/**
 * Staff edit an instrument's feed symbol and markup through the same
 * terms edit as the spread: validated, audited with before and after, and handed to the live
 * market's terms refresh once committed.
 */

let t: TradingApp;
let admin: StaffLogin;

type FeedTerms = { feed_symbol: string | null; markup_points: number; updated_at: string };

async function stored(id: number): Promise<FeedTerms> {
  const result = await t.database.db.execute(
    `select feed_symbol, markup_points, updated_at::text from instruments where id = ${Number(id)}`,
  );
  const row = rowsOf<FeedTerms>(result)[0];
  if (!row) throw new Error(`no instrument ${id}`);
  return row;
}

async function auditEntries() {
  const result = await t.database.db.execute(
    `select staff_id, target, details from audit_log where action = 'instruments.update' order by id`,
  );
  return rowsOf<{ staff_id: number; target: string; details: Record<string, unknown> }>(result);
}

function update(fields: Record<string, unknown>, token = admin.token, lang = 'en') {
  return adminCall<StaffInstrument>(t, 'POST', '/admin/api/instruments/update', fields, token, lang);
}

/** An edit that must be refused with nothing written: the row and the audit log stay as they were. */
async function refused(fields: Record<string, unknown>, lang = 'en', token = admin.token): Promise<string> {
  const id = Number(fields.id ?? EURUSD);
  const before = await stored(id);
  const audits = (await auditEntries()).length;
  const refresh = vi.spyOn(t.app.market, 'refreshTerms');
  try {
    const answer = await update(fields, token, lang);
    expect(answer.code, JSON.stringify(fields)).toBe(0);
    expect(await stored(id)).toEqual(before);
    expect((await auditEntries()).length).toBe(audits);
    expect(refresh).not.toHaveBeenCalled();
    return answer.msg;
  } finally {
    refresh.mockRestore();
  }
}

beforeAll(async () => {
  t = await createTradingApp();
  admin = await staffSession(t, 'admin', 'Ada Admin');
});
afterAll(async () => {
  await t?.close();
});

describe('feed symbol and markup on POST /admin/api/instruments/update', () => {
  it('are seeded as the code and 0, and listed for the back office', async () => {
    const answer = await adminCall<StaffInstrumentList>(t, 'GET', '/admin/api/instruments', {}, admin.token);
    expect(answer.code).toBe(1);
    expect(answer.data.list.find((row) => row.id === EURUSD)).toMatchObject({
      feed_symbol: 'EURUSD',
      markup_points: 0,
    });
    expect(answer.data.list.find((row) => row.id === BTCUSDT)).toMatchObject({
      feed_symbol: 'BTCUSDT',
      markup_points: 0,
    });
  });

  it('change together, trimmed, audited with before and after, and refresh the market once committed', async () => {
    // The refresh must see the committed row: a refresh inside the transaction would read the old one.
    const seenByRefresh: FeedTerms[] = [];
    const refresh = vi.spyOn(t.app.market, 'refreshTerms').mockImplementation(async () => {
      seenByRefresh.push(await stored(EURUSD));
    });
    let answer: Awaited<ReturnType<typeof update>>;
    try {
      answer = await update({ id: EURUSD, feed_symbol: '  EUR/USD:fx.1_a-b ', markup_points: '15' });
    } finally {
      refresh.mockRestore();
    }
    expect(answer.code).toBe(1);
    expect(answer.data).toMatchObject({ feed_symbol: 'EUR/USD:fx.1_a-b', markup_points: 15 });
    expect(seenByRefresh).toHaveLength(1);
    expect(seenByRefresh[0]).toMatchObject({ feed_symbol: 'EUR/USD:fx.1_a-b', markup_points: 15 });
    expect(await stored(EURUSD)).toMatchObject({ feed_symbol: 'EUR/USD:fx.1_a-b', markup_points: 15 });
    expect((await auditEntries()).at(-1)).toMatchObject({
      staff_id: admin.id,
      target: `instrument:${EURUSD}`,
      details: {
        code: 'EURUSD',
        before: { feed_symbol: 'EURUSD', markup_points: 0 },
        after: { feed_symbol: 'EUR/USD:fx.1_a-b', markup_points: 15 },
      },
    });
    const listed = await adminCall<StaffInstrumentList>(t, 'GET', '/admin/api/instruments', {}, admin.token);
    expect(listed.data.list.find((row) => row.id === EURUSD)).toMatchObject({
      feed_symbol: 'EUR/USD:fx.1_a-b',
      markup_points: 15,
    });

    // The markup alone, as a JSON number; only what changed is audited.
    expect((await update({ id: EURUSD, markup_points: 1_000_000 })).data.markup_points).toBe(1_000_000);
    expect((await auditEntries()).at(-1)?.details).toEqual({
      code: 'EURUSD',
      before: { markup_points: 15 },
      after: { markup_points: 1_000_000 },
    });
    const restored = await update({ id: EURUSD, feed_symbol: 'EURUSD', markup_points: 0 });
    expect(restored.data).toMatchObject({ feed_symbol: 'EURUSD', markup_points: 0 });
  });

  it('clears the symbol with an empty (or blank) value: no symbol, stored as null', async () => {
    const refresh = vi.spyOn(t.app.market, 'refreshTerms');
    try {
      const answer = await update({ id: BTCUSDT, feed_symbol: '' });
      expect(answer.code).toBe(1);
      expect(answer.data.feed_symbol).toBeNull();
      expect(refresh).toHaveBeenCalledTimes(1);
    } finally {
      refresh.mockRestore();
    }
    expect((await stored(BTCUSDT)).feed_symbol).toBeNull();
    expect((await auditEntries()).at(-1)?.details).toEqual({
      code: 'BTCUSDT',
      before: { feed_symbol: 'BTCUSDT' },
      after: { feed_symbol: null },
    });
    const listed = await adminCall<StaffInstrumentList>(t, 'GET', '/admin/api/instruments', {}, admin.token);
    expect(listed.data.list.find((row) => row.id === BTCUSDT)?.feed_symbol).toBeNull();
    // Blank is empty after trimming: already none, so nothing changes.
    expect(await refused({ id: BTCUSDT, feed_symbol: '   ' })).toBe(
      'Nothing to change: the new value is the one in force.',
    );
    expect((await update({ id: BTCUSDT, feed_symbol: 'BTCUSDT' })).data.feed_symbol).toBe('BTCUSDT');
  });

  it('refuses a bad symbol or markup with a clear message and changes nothing', async () => {
    const symbol =
      'Feed symbol must be 1 to 32 characters: letters A–Z, digits and . _ - / : only. Leave it empty for no symbol.';
    expect(await refused({ id: EURUSD, feed_symbol: 'EUR USD' })).toBe(symbol);
    expect(await refused({ id: EURUSD, feed_symbol: 'EURUSD€' })).toBe(symbol);
    expect(await refused({ id: EURUSD, feed_symbol: 'EUR+USD' })).toBe(symbol);
    expect(await refused({ id: EURUSD, feed_symbol: 'A'.repeat(33) })).toBe(symbol);
    expect(await refused({ id: EURUSD, feed_symbol: 'EUR\u0000USD' })).toContain('control character');
    const whole = 'Markup in points must be a whole number of points (digits only).';
    expect(await refused({ id: EURUSD, markup_points: '-1' })).toBe(whole);
    expect(await refused({ id: EURUSD, markup_points: '1.5' })).toBe(whole);
    expect(await refused({ id: EURUSD, markup_points: 2.5 })).toBe(whole);
    expect(await refused({ id: EURUSD, markup_points: '1e3' })).toBe(whole);
    expect(await refused({ id: EURUSD, markup_points: 'ten' })).toBe(whole);
    expect(await refused({ id: EURUSD, markup_points: '+5' })).toBe(whole);
    const range = 'Markup in points must be from 0 to 1000000.';
    expect(await refused({ id: EURUSD, markup_points: '1000001' })).toBe(range);
    expect(await refused({ id: EURUSD, markup_points: '99999999999999999999' })).toBe(range);
    expect(await refused({ id: EURUSD, markup_points: '' })).toBe('Markup in points is required.');
    // One bad field refuses the whole edit: the good symbol beside it is not written either.
    expect(await refused({ id: EURUSD, feed_symbol: 'EURUSD.X', markup_points: '-3' })).toBe(whole);
    expect(await refused({ id: EURUSD, feed_symbol: 'EURUSD.X', markup_points: '2000000' })).toBe(range);
    expect(await refused({ id: EURUSD, feed_symbol: 'EURUSD', markup_points: 0 })).toBe(
      'Nothing to change: the new value is the one in force.',
    );
    // In the staff member's language.
    expect(await refused({ id: EURUSD, feed_symbol: 'EUR USD' }, 'de')).toBe(
      'Feed-Symbol muss 1 bis 32 Zeichen lang sein: nur Buchstaben A–Z, Ziffern und . _ - / :. Leer lassen für kein Symbol.',
    );
    expect(await refused({ id: EURUSD, markup_points: '1000001' }, 'hk')).toBe(
      '加價點數必須介於 0 至 1000000。',
    );
  });

  it('is refused to every role that may not edit instrument terms, and to no session', async () => {
    const others = STAFF_ROLE_NAMES.filter((role) => !staffMay(role, 'instruments.edit'));
    expect(others.length).toBeGreaterThan(0);
    for (const role of others) {
      const staff = await staffSession(t, role);
      await refused({ id: EURUSD, feed_symbol: 'EURUSD.X', markup_points: '5' }, 'en', staff.token);
    }
    const before = await stored(EURUSD);
    const anonymous = await adminCall(t, 'POST', '/admin/api/instruments/update', {
      id: EURUSD,
      feed_symbol: 'EURUSD.X',
    });
    expect(anonymous.code).not.toBe(1);
    expect(await stored(EURUSD)).toEqual(before);
  });
});
