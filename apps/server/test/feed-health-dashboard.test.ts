import type { Dashboard } from '@meridian/contract/back-office';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRealFeedApp, FAILBACK_MS, feedStory, quoteAndRun, type RealFeedApp } from './real-feed-app';
import { adminCall, staffSession } from './staff';
import { EURUSD } from './trading';

/**
 * The back office's "Price feed" card, read through HTTP as staff: the dashboard
 * call reports a real feed's connections, the quotes accepted and refused per instrument, the
 * last quote's age, each instrument's status reason, and the switches between feeds.
 */

let t: RealFeedApp;
let token: string;

beforeEach(async () => {
  t = await createRealFeedApp();
  token = (await staffSession(t, 'admin', 'Ada Admin')).token;
});

afterEach(async () => {
  await t.close();
});

async function feed(as = token): Promise<Dashboard['feed']> {
  const answer = await adminCall<Dashboard>(t, 'GET', '/admin/api/dashboard', {}, as);
  expect(answer.code, answer.msg).toBe(1);
  return answer.data.feed;
}

describe('the dashboard on a real feed', () => {
  it('shows both connections, the quotes counted by instrument and reason, and the failover', async () => {
    const before = await feed();
    expect(before).toMatchObject({ simulated: false, runs_here: true, switches: [] });
    expect(before.sources).toEqual([
      expect.objectContaining({ role: 'primary', kind: 'fix', state: 'connected', active: true }),
      expect.objectContaining({ role: 'secondary', kind: 'websocket', state: 'connected', active: false }),
    ]);
    expect(before.instruments.find((one) => one.instrument_id === EURUSD)).toMatchObject({
      received: 0,
      accepted: 0,
      last_quote_age_seconds: null,
      reason: 'stale',
    });

    const startMs = t.clock.now().getTime();
    await feedStory(t);
    const after = await feed();
    expect(after.sources).toEqual([
      {
        role: 'primary',
        kind: 'fix',
        state: 'disconnected',
        detail: 'Logout: session closed by the provider',
        active: false,
        last_quote_at: new Date(startMs).toISOString(),
        quotes_received: 2,
      },
      {
        role: 'secondary',
        kind: 'websocket',
        state: 'connected',
        detail: '',
        active: true,
        last_quote_at: new Date(startMs + 5_000).toISOString(),
        quotes_received: 1,
      },
    ]);
    expect(after.switches).toEqual([
      {
        from: 'primary',
        to: 'secondary',
        at: new Date(startMs + 5_000).toISOString(),
        reason: 'primary_disconnected',
      },
    ]);
    const eurusd = after.instruments.find((one) => one.instrument_id === EURUSD);
    expect(eurusd).toEqual({
      instrument_id: EURUSD,
      code: 'EURUSD',
      symbol: 'EURUSD',
      received: 3,
      accepted: 2,
      refused: { not_a_number: 0, not_positive: 0, one_sided: 0, crossed: 1, outside_band: 0, spike: 0 },
      last_quote_age_seconds: 1,
      rejected: '',
      reason: null,
    });
    const btc = after.instruments.find((one) => one.code === 'BTCUSDT');
    expect(btc).toMatchObject({
      symbol: 'BTCUSDT',
      received: 0,
      last_quote_age_seconds: null,
      reason: 'stale',
    });

    // Every role that reads the dashboard sees the card; others are refused the whole call.
    const finance = await staffSession(t, 'finance', 'Finn Finance');
    expect((await feed(finance.token)).switches).toHaveLength(1);
    const content = await staffSession(t, 'content', 'Connie Content');
    expect((await adminCall(t, 'GET', '/admin/api/dashboard', {}, content.token)).code).toBe(0);
  });

  it('shows a refused symbol with the venue text, a missing symbol, and the failback', async () => {
    await feedStory(t);
    await t.database.db.execute(`update instruments set feed_symbol = null where code = 'BTCUSDT'`);
    await t.app.market.refreshTerms();
    t.secondary.reject('EURUSD', 'Unknown symbol');
    await t.app.market.tick();
    let now = await feed();
    expect(now.instruments.find((one) => one.instrument_id === EURUSD)).toMatchObject({
      rejected: 'Unknown symbol',
      reason: 'rejected',
    });
    expect(now.instruments.find((one) => one.code === 'BTCUSDT')).toMatchObject({
      symbol: null,
      reason: 'no_symbol',
    });

    // The primary back and quoting for the failback time: it is the active feed again.
    t.primary.state('connected');
    for (let second = 0; second <= FAILBACK_MS / 1000; second += 1) {
      await quoteAndRun(t, 'EURUSD', '1.08540', '1.08550');
      t.clock.advance(1_000);
    }
    await t.app.market.tick();
    now = await feed();
    expect(now.sources.map((source) => [source.role, source.state, source.active])).toEqual([
      ['primary', 'connected', true],
      ['secondary', 'connected', false],
    ]);
    // Newest first.
    expect(now.switches.map((change) => [change.to, change.reason])).toEqual([
      ['primary', 'primary_healthy'],
      ['secondary', 'primary_disconnected'],
    ]);
  });
});
