import { describe, expect, it } from 'vitest';
import { createTestClock } from '../../../../test/app';
import { useTradingApp } from '../../../../test/app-hooks';
import { checkBooks, EURUSD, midForBid, moveTo, realTrader, submit, trade } from '../../../../test/trading';
import { rowsOf } from '../../../db/migrate';

const toBid = (bid: string) => midForBid(bid, '0.00004', 5);

describe('a closed market', () => {
  // A test app of its own: its clock goes from Friday evening to Sunday night and never back (the
  // market ignores prices older than the minute it is in).
  const weekend = useTradingApp({ clock: () => createTestClock(new Date('2026-11-20T21:59:00Z')) });

  it('makes triggers wait, and they fire at the first price after it opens', async () => {
    const trader = await realTrader(weekend, '1000');
    const answer = await submit(weekend, trader, {
      type: 1,
      status: 1,
      cont: '0.1',
      forex_id: EURUSD,
      multiple: 100,
      stop_loss_price: '1.08300',
    });
    const id = answer.data.Id;
    const status = async () =>
      rowsOf<{ status: string; reason: string | null; close: string | null }>(
        await weekend.database.db.execute(
          `select status, close_reason as reason, close_price::text as close from orders where id = ${id}`,
        ),
      )[0];
    weekend.clock.set(new Date('2026-11-20T22:30:00Z'));
    await moveTo(weekend, EURUSD, toBid('1.08200'));
    expect((await status())?.status).toBe('holding');
    expect((await trade(weekend, trader, 'close', { id })).msg).toBe(
      'The market is closed. Orders can be placed and closed when it opens.',
    );
    weekend.clock.set(new Date('2026-11-22T22:00:00Z'));
    await moveTo(weekend, EURUSD, toBid('1.08250'));
    expect(await status()).toEqual({ status: 'closed', reason: 'stop_loss', close: '1.08300000' });
    await checkBooks(weekend, trader.accountId);
  });
});
