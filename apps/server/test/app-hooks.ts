import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { createTestApp, type TestApp, type TestClock } from './app';
import { startTestNodes, type TestNodes } from './nodes';
import { createTradingApp, EURUSD, moveTo, type TradingApp } from './trading';

/** The price most trading tests start from: bid 1.08496, ask 1.08504 (spread 0.00004 each side). */
export const EURUSD_MID = '1.08500';

type Lifetime = {
  /**
   * One app per file, or a new app for every test: a figure that counts the whole installation
   * (a dashboard card) must not see what another test wrote, and the tests run in any order.
   */
  appPer?: 'file' | 'test';
};

/**
 * Reads the app a hook started, when a test or a later hook runs: at the file's top level, where
 * the helpers are bound to it, the app does not exist yet.
 */
class StartedApp implements TestApp {
  constructor(protected readonly need: () => TestApp) {}
  get app() {
    return this.need().app;
  }
  get database() {
    return this.need().database;
  }
  get dataDir() {
    return this.need().dataDir;
  }
  get clock() {
    return this.need().clock;
  }
  close() {
    return this.need().close();
  }
}

class StartedTradingApp extends StartedApp implements TradingApp {
  constructor(private readonly needTrading: () => TradingApp) {
    super(needTrading);
  }
  get feed() {
    return this.needTrading().feed;
  }
}

/**
 * Registers the hooks that start an app and close it after the tests (the file's or each test's),
 * and answers a reader of the started app. Hooks the file registers after this call run after the
 * starting ones, and their closing ones before.
 */
function useStartedApp<A extends TestApp>(start: () => Promise<A>, lifetime: Lifetime): () => A {
  let current: A | undefined;
  const open = async () => {
    current = await start();
  };
  const close = async () => {
    await current?.close();
  };
  if (lifetime.appPer === 'test') {
    beforeEach(open);
    afterEach(close);
  } else {
    beforeAll(open);
    afterAll(close);
  }
  return () => {
    if (!current) throw new Error('the test app is read before its hook started it');
    return current;
  };
}

/** The whole server on a fresh database (`createTestApp`), started and closed by the file's hooks. */
export function useTestApp(options: Parameters<typeof createTestApp>[0] & Lifetime = {}): TestApp {
  const { appPer, ...appOptions } = options;
  return new StartedApp(useStartedApp(() => createTestApp(appOptions), { appPer }));
}

export type TradingAppHooks = Lifetime & {
  /** Instrument id to the mid price the market starts from; by default EUR/USD at `EURUSD_MID`. */
  mids?: Record<number, string>;
  /**
   * When the market is moved to `mids`: once when the app starts, or before every test (for files
   * whose tests move the price and must not see another test's).
   */
  midsBefore?: 'start' | 'eachTest';
  /** The app's clock, made when the app starts; by default the test clock's Wednesday noon. */
  clock?: () => TestClock;
};

/** The trading app (hand-moved feed) with its market at `mids`, started and closed by the file's hooks. */
export function useTradingApp(hooks: TradingAppHooks = {}): TradingApp {
  const mids = Object.entries(hooks.mids ?? { [EURUSD]: EURUSD_MID });
  const moveToMids = async (t: TradingApp) => {
    for (const [instrumentId, mid] of mids) await moveTo(t, Number(instrumentId), mid);
  };
  const need = useStartedApp(async () => {
    const t = await createTradingApp(hooks.clock?.());
    if (hooks.midsBefore !== 'eachTest') await moveToMids(t);
    return t;
  }, hooks);
  if (hooks.midsBefore === 'eachTest') beforeEach(() => moveToMids(need()));
  return new StartedTradingApp(need);
}

/** Two nodes of one installation (one database, one Redis channel), started and closed by the hooks. */
export function useTwoNodes(): [TestApp, TestApp] {
  let installation: TestNodes | undefined;
  beforeAll(async () => {
    installation = await startTestNodes(2);
  });
  afterAll(async () => {
    await installation?.close();
  });
  const nodeReader = (index: 0 | 1) =>
    new StartedApp(() => {
      const node = installation?.nodes[index];
      if (!node) throw new Error('the node is read before its hook started it');
      return node;
    });
  return [nodeReader(0), nodeReader(1)];
}
