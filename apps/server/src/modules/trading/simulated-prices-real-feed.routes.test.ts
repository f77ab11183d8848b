import type { BasicInfo } from '@meridian/contract/settings';
import { describe, expect, it } from 'vitest';
import { call } from '../../../test/accounts';
import { createTestApp, createTestClock } from '../../../test/app';
import { ManualFeed } from '../../../test/manual-feed';
import { allowRealTradingOnSimulatedPrices } from '../../../test/simulated-prices';
import { EURUSD, EURUSD_BUY, realTrader, submit } from '../../../test/trading';

// With a real primary feed the apps are told the prices are live, and a real
// account trades whatever real_trading_on_simulated_prices says. Its own file (its own test
// database), apart from the simulator's tests, whatever order the tests run in.
describe('a real feed', () => {
  it('says live, and a real account trades on it whatever the setting', async () => {
    const clock = createTestClock();
    const feed = new ManualFeed(clock);
    const live = Object.assign(
      await createTestApp({
        clock,
        market: { autoStart: false, backfill: false, feed },
        env: {
          PRICE_FEED: 'fix',
          FIX_HOST: '127.0.0.1',
          FIX_PORT: '9878',
          FIX_SENDER_COMP_ID: 'MERIDIAN',
          FIX_TARGET_COMP_ID: 'PROVIDER',
          FIX_USERNAME: 'meridian',
          FIX_PASSWORD: 'secret',
        },
      }),
      { feed },
    );
    try {
      await allowRealTradingOnSimulatedPrices(live.app, live.database.db, false);
      feed.set(EURUSD, '1.08500');
      await live.app.market.tick();
      const info = await call<BasicInfo>(live, 'GET', '/api/basicSet/getBasicInfo');
      expect(info.data.price_source).toBe('live');
      const trader = await realTrader(live, '1000');
      expect(await submit(live, trader, EURUSD_BUY)).toMatchObject({ code: 1, msg: 'Success' });
    } finally {
      await live.close();
    }
  });
});
