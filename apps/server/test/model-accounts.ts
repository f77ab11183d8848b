import type { AccountId } from '@meridian/domain/ids';
import type { ServerContext } from '../src/context';
import { users } from '../src/db/schema';
import type { AuthenticatedUser } from '../src/modules/auth/sessions.service';
import { openTradingAccount, postToLedger } from '../src/modules/ledger/ledger.service';
import type { TestApp } from './app';
import { useTradingApp } from './app-hooks';
import { serviceContext } from './staff';
import type { TradingApp } from './trading';

/** How a model run names its users, so that no two runs of a file make the same one. */
export type ModelUserNames = {
  uidFrom: number;
  invitePrefix: string;
  deviceOf(number: number): string;
  emailOf(number: number): string;
};

/**
 * A user and its trading account, written straight to the database (the services are what the
 * model tests are about, not sign-up): a demo one holds 100,000, a real one `realBalance` deposited.
 */
export async function insertModelUser(
  t: Pick<TestApp, 'database' | 'clock'>,
  names: ModelUserNames,
  account: { number: number; isDemo: boolean; realBalance: string },
): Promise<{ user: AuthenticatedUser; accountId: AccountId }> {
  const { number, isDemo } = account;
  const { userId, accountId } = await t.database.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        uid: String(names.uidFrom + number),
        inviteCode: `${names.invitePrefix}${String(number).padStart(7, '0')}`,
        isDemo,
        demoDeviceId: isDemo ? names.deviceOf(number) : null,
        email: isDemo ? null : names.emailOf(number),
      })
      .returning();
    if (!user) throw new Error('no user');
    const opened = await openTradingAccount(tx, user.id, isDemo ? 'demo' : 'real', t.clock.now());
    await postToLedger(tx, {
      accountId: opened.id,
      at: t.clock.now(),
      entries: [
        isDemo
          ? { bucket: 'balance', amount: '100000', kind: 'demo_credit', memoKey: 'ledger.demo_credit' }
          : { bucket: 'balance', amount: account.realBalance, kind: 'deposit', memoKey: 'ledger.deposit' },
      ],
    });
    return { userId: user.id, accountId: opened.id };
  });
  const user = { id: userId, uid: '', isDemo, email: null, areaId: null, mobile: null, sessionId: 0 };
  return { user, accountId };
}

/** A model test's app and services, and each run's users (numbered apart from every earlier run). */
export type ModelApp = {
  t: TradingApp;
  /** The services the model drives (from the first test on). */
  readonly context: ServerContext;
  /** One run's users: `count` of them, the first `demos` demo ones, the others real with `realBalance`. */
  newRun(users: { count: number; demos: number; realBalance: string }): Promise<ModelRunUser[]>;
};

export type ModelRunUser = { number: number; user: AuthenticatedUser; accountId: AccountId };

/** The file's app for a model test: the run moves every price itself, so none is set before it. */
export function useModelApp(names: ModelUserNames): ModelApp {
  const t = useTradingApp({ mids: {} });
  let context: ServerContext | undefined;
  let runs = 0;
  return {
    t,
    get context() {
      context ??= serviceContext(t);
      return context;
    },
    async newRun(users) {
      runs += 1;
      const made: ModelRunUser[] = [];
      for (let index = 0; index < users.count; index += 1) {
        const number = runs * 10 + index;
        const account = { number, isDemo: index < users.demos, realBalance: users.realBalance };
        made.push({ number, ...(await insertModelUser(t, names, account)) });
      }
      return made;
    },
  };
}
