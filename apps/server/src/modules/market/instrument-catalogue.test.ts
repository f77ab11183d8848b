import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { EURUSD } from '../../../test/trading';
import { SERVER_LIMITS } from '../../limits';
import type { InstrumentCatalogue } from './instrument-catalogue';

let t: TestApp;
let catalogue: InstrumentCatalogue;

beforeAll(async () => {
  t = await createTestApp();
  catalogue = t.app.market.catalogue;
});
afterAll(async () => {
  await t?.close();
});

/** A write to EURUSD's row as another node (or an operator) makes it: no event on this node. */
async function setSpread(spread: string): Promise<void> {
  await t.database.db.execute(sql`update instruments set spread = ${spread} where id = ${EURUSD}`);
}

describe('the instrument catalogue', () => {
  it('holds one snapshot until a check finds a new version, then hands the new rows to every listener once', async () => {
    const first = await catalogue.refresh();
    expect(await catalogue.read()).toBe(first);
    const listener = vi.fn();
    const off = catalogue.onChange(listener);
    try {
      await setSpread('0.0003');
      // Checked less than SERVER_LIMITS.tradingTermsCacheMs ago: a reader takes the rows held.
      expect(await catalogue.read()).toBe(first);
      const second = await catalogue.refresh();
      expect(second.version).not.toBe(first.version);
      expect(second.byId.get(EURUSD)?.spread).toBe('0.00030000');
      expect(listener).toHaveBeenCalledTimes(1);
      expect(listener).toHaveBeenCalledWith(second);
      // The same version: nothing is read again, nobody is told.
      expect(await catalogue.refresh()).toBe(second);
      expect(listener).toHaveBeenCalledTimes(1);
      // Once the last check is old, a reader checks; a setting's write moves the version too.
      await t.database.db.execute(sql`update settings set value = value where key = 'trade_fee_type'`);
      t.clock.advance(SERVER_LIMITS.tradingTermsCacheMs);
      const third = await catalogue.read();
      expect(third.version).not.toBe(second.version);
      expect(listener).toHaveBeenCalledTimes(2);
      expect(catalogue.held).toBe(third);
    } finally {
      off();
    }
  });

  it('makes a reader wait for a check asked for after a commit, not use the rows held', async () => {
    await catalogue.refresh();
    await setSpread('0.0004');
    const asked = catalogue.refresh();
    expect(catalogue.read()).toBe(asked);
    expect((await catalogue.read()).byId.get(EURUSD)?.spread).toBe('0.00040000');
  });

  it('hands the rows again at the next check when a holder failed to take them', async () => {
    const taken: string[] = [];
    let calls = 0;
    const off = catalogue.onChange((snapshot) => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
      taken.push(snapshot.byId.get(EURUSD)?.spread ?? '');
    });
    try {
      await setSpread('0.0005');
      // The market's own timer may run the first check (the failed one) between these lines: the
      // outcome, not who checked, is the rule.
      await catalogue.refresh();
      await catalogue.refresh();
      await catalogue.refresh();
      // One write, yet the holder was handed the rows twice: again after it failed, then never more.
      expect(calls).toBe(2);
      expect(taken).toEqual(['0.00050000']);
    } finally {
      off();
    }
  });
});
