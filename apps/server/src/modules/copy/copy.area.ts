import type { Area, AreaRegistration } from '../area';
import { copyRoutes } from './copy.routes';
import { CopyTrading } from './copy-runtime';
import { startStrategyTraders } from './strategies/strategy-traders';

export type CopyAreaOptions = {
  /** Whether this node leads (holds the trading engine's lock): it sweeps and runs the strategy traders. */
  leads(): boolean;
  copy: {
    /** Runs the sweep by itself (the server); tests sweep by hand. */
    autoSweep: boolean;
    /** The platform's strategy traders (seeded, replayed, trading live); tests leave them out. */
    strategyTraders: boolean;
  };
};

/**
 * The copy trading area: its routes; mirroring on every node (each hears its own commits' events)
 * and the sweep on the leading node; then the strategy traders. Registered after trading: its start
 * hooks need the running engine, and it stops before the engine does.
 */
const registerCopy: AreaRegistration<CopyAreaOptions> = async (app, context, { leads, copy }) => {
  const copyTrading = new CopyTrading(context, app.log, { isActive: leads, autoSweep: copy.autoSweep });
  app.decorate('copyTrading', copyTrading);
  app.addHook('onReady', async () => {
    copyTrading.start();
  });
  let strategyTraders: { stop(): Promise<void> } | undefined;
  if (copy.strategyTraders) {
    // Its own hook after copy trading's: seeding and the first start's replay need the running engine.
    app.addHook('onReady', async () => {
      strategyTraders = await startStrategyTraders(context, { log: app.log, isActive: leads });
    });
  }
  app.addHook('onClose', async () => {
    await strategyTraders?.stop();
    await copyTrading.stop();
  });
  await app.register(copyRoutes, { context });
};

export const copyArea: Area<CopyAreaOptions> = {
  name: 'copy',
  needs: ['auth', 'trading'],
  register: registerCopy,
};
