import type { Area, AreaRegistration } from '../area';
import { instrumentCatalogue } from '../market/market.public';
import { accountRoutes } from './account.routes';
import { instrumentsBackOfficeRoutes } from './admin-instruments.routes';
import { TradingEngine } from './engine/engine';
import { bridgeOrderEvents } from './trading.realtime';
import { tradingRoutes } from './trading.routes';

/**
 * The trading area: orders and the account's figures, and at run time the order events' pushes
 * (forex.closed, on every node) and the trigger engine (triggers, stop-out and forex.trade, on the
 * node that holds its lock). Both start once the market runs and stop before it.
 */
const registerTrading: AreaRegistration = async (app, context) => {
  const orderPushes = bridgeOrderEvents(context);
  const engine = new TradingEngine(context, app.log);
  app.decorate('engine', engine);
  app.addHook('onReady', async () => {
    await orderPushes.warm();
    await engine.start();
  });
  // The trading terms follow trade_fee_type and real_trading_on_simulated_prices: a back-office
  // change applies to the next order, which waits for this check of the catalogue's version.
  const offSetting = context.events.on('setting.changed', ({ key }) => {
    if (key !== 'trade_fee_type' && key !== 'real_trading_on_simulated_prices') return;
    instrumentCatalogue(context)
      .refresh()
      .catch((error: unknown) => app.log.error({ err: error }, 'instrument catalogue check failed'));
  });
  app.addHook('onClose', async () => {
    offSetting();
    orderPushes.close();
    await engine.stop();
  });
  await app.register(tradingRoutes, { context });
  await app.register(accountRoutes, { context });
};

export const tradingArea: Area = {
  name: 'trading',
  needs: ['auth', 'market'],
  register: registerTrading,
  backOffice: () => instrumentsBackOfficeRoutes,
};
