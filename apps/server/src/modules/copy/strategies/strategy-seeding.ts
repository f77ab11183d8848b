import type { UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { STRATEGIES } from '@meridian/domain/strategies/catalogue';
import type { StrategyDefinition, StrategyKey } from '@meridian/domain/strategies/strategy';
import type { ServerContext } from '../../../context';
import { isUniqueViolation } from '../../../db/errors';
import type { AuthenticatedUser } from '../../auth/auth.public';
import { insertUserWithFreshCodes } from '../../auth/auth.public';
import { openTradingAccount, postToLedger } from '../../ledger/ledger.public';
import { getSetting } from '../../settings/settings.public';
import { traderNameKeys } from '../trader-names';
import * as repository from './strategies.repository';

/** The names the ranking shows (the web translates the strategy's description, not the name). */
const STRATEGY_DISPLAY_NAMES: Record<StrategyKey, string> = {
  trend_ema: 'Trend Rider EUR',
  mean_reversion: 'Band Reverter GBP',
  breakout: 'Gold Breakout',
  crypto_momentum: 'BTC Momentum',
  range_rsi: 'ETH RSI Range',
};

/** A strategy trader as its runners act for it: the rule, and the user its orders belong to. */
export type StrategyTrader = {
  definition: StrategyDefinition;
  traderId: number;
  user: AuthenticatedUser;
};

/**
 * The demo device id of a strategy's user. A ':' is outside the demo login's `demo_id` pattern, so
 * no client can ever log in as a strategy; the id only keeps one user per strategy (unique index).
 */
function strategyDeviceId(key: StrategyKey): string {
  return `strategy:${key}`;
}

/**
 * The user a runner acts as. It has no session (the strategy never logs in); the trading service
 * reads only the id of the user it acts for.
 */
function actingUser(row: { userId: UserId; uid: string }): AuthenticatedUser {
  return {
    id: row.userId,
    uid: row.uid,
    isDemo: true,
    email: null,
    areaId: null,
    mobile: null,
    sessionId: 0,
  };
}

/** The strategy traders that exist, by strategy. */
export async function findStrategyTraders(context: ServerContext): Promise<Map<StrategyKey, StrategyTrader>> {
  const rows = await repository.listStrategyTraders(context.db);
  const found = new Map<StrategyKey, StrategyTrader>();
  for (const definition of STRATEGIES) {
    const row = rows.find((candidate) => candidate.strategy === definition.key);
    if (row) found.set(definition.key, { definition, traderId: row.traderId, user: actingUser(row) });
  }
  return found;
}

/**
 * Creates a strategy's trader: a demo user (shown as demo, honestly) with a demo account credited
 * the demo balance through the ledger, and its listed trader row, all in one transaction dated `at`
 * (before the replay's first order, so the statistics' starting equity is the credit). Undefined
 * when it exists already (another node, or a concurrent start, made it first).
 */
export async function seedStrategyTrader(
  context: ServerContext,
  definition: StrategyDefinition,
  at: Date,
): Promise<StrategyTrader | undefined> {
  const demoBalance = await getSetting(context.db, 'demo_balance');
  if (!toDecimal(demoBalance).isPositive())
    throw new Error(`setting demo_balance is not positive: ${demoBalance}`);
  try {
    return await context.db.transaction(async (tx) => {
      const user = await insertUserWithFreshCodes(tx, {
        isDemo: true,
        demoDeviceId: strategyDeviceId(definition.key),
        language: 'en',
        createdAt: at,
      });
      const account = await openTradingAccount(tx, user.id, 'demo', at);
      await postToLedger(tx, {
        accountId: account.id,
        at,
        entries: [
          {
            bucket: 'balance',
            amount: toDecimal(demoBalance).toFixed(),
            kind: 'demo_credit',
            memoKey: 'ledger.demo_credit',
          },
        ],
      });
      const displayName = STRATEGY_DISPLAY_NAMES[definition.key];
      const traderId = await repository.insertStrategyTrader(tx, {
        userId: user.id,
        displayName,
        ...traderNameKeys(displayName),
        strategy: definition.key,
        at,
      });
      return { definition, traderId, user: actingUser({ userId: user.id, uid: user.uid }) };
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_demo_device_unique')) return undefined;
    throw error;
  }
}
