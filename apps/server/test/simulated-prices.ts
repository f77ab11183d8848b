import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../src/db/database';
import { setSetting } from '../src/modules/settings/settings.service';

/**
 * Sets real_trading_on_simulated_prices as a back-office change would, and tells
 * the readers that keep it (the trading terms) at once. The test servers run on the simulator, where
 * a real account opens nothing by default: they allow it at their start, since most tests are about
 * something else and open real orders; the tests of the rule turn it off again.
 */
export async function allowRealTradingOnSimulatedPrices(
  app: Pick<FastifyInstance, 'events'>,
  db: DbOrTx,
  allowed = true,
): Promise<void> {
  const key = 'real_trading_on_simulated_prices';
  await setSetting(db, key, allowed ? '1' : '0');
  app.events.emit('setting.changed', { key });
}
