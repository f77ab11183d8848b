import type { LoginRequest, SessionData, User } from '@meridian/contract/auth';
import type { UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import { openTradingAccount, postToLedger } from '../ledger/ledger.public';
import { getSetting } from '../settings/settings.public';
import { verifyDummyPassword, verifyPassword } from './passwords';
import { type AuthenticatedUser, type ClientInfo, createSession, endSession } from './sessions.service';
import * as repository from './users.repository';
import {
  findUserByIdentifier,
  getUserView,
  identifierKey,
  insertUserWithFreshCodes,
  resolveIdentifier,
} from './users.service';

/**
 * Logs in with an e-mail, or an area code and number, and a password. Whether the account is
 * unknown or the password wrong, the answer and its timing are the same. Failures are limited per
 * account and every attempt per client address.
 */
export async function login(
  context: ServerContext,
  input: LoginRequest,
  client: ClientInfo,
): Promise<SessionData> {
  await context.limits.loginAttemptsPerAddress.hit(client.address);
  const identifier = await resolveIdentifier(context.db, {
    type: input.type,
    account: input.account,
    areaId: input.area_id,
  });
  const accountKey = identifierKey(identifier);
  await context.limits.loginFailuresPerAccount.ensureOpen(accountKey);

  const user = await findUserByIdentifier(context.db, identifier);
  let passwordRight = false;
  if (user?.passwordHash) passwordRight = await verifyPassword(user.passwordHash, input.password);
  else await verifyDummyPassword(input.password);
  if (!user || !passwordRight) {
    await context.limits.loginFailuresPerAccount.hit(accountKey);
    throw new Rejection('error.login_failed');
  }
  await context.limits.loginFailuresPerAccount.reset(accountKey);
  // Said only after the right password: it tells nothing to someone guessing.
  if (user.loginDisabledAt !== null) throw new Rejection('error.login_disabled');
  const token = await createSession(context.db, { userId: user.id, now: context.clock.now(), client });
  return { token, user: await getUserView(context.db, user.id) };
}

/**
 * Demo login (spec: createAccountDemoForU). The same device id always finds the same demo user; a
 * new one is created with a demo account credited its virtual balance through the ledger, all in
 * one transaction.
 */
export async function demoLogin(
  context: ServerContext,
  demoId: string,
  client: ClientInfo & { language: string },
): Promise<SessionData> {
  await context.limits.demoLoginsPerAddress.hit(client.address);
  const now = context.clock.now();
  const existing = await repository.findUserByDemoDevice(context.db, demoId);
  if (existing && existing.loginDisabledAt !== null) throw new Rejection('error.login_disabled');
  let userId = existing?.id;
  if (userId === undefined) {
    try {
      userId = await createDemoUser(context, {
        link: { demoDeviceId: demoId },
        language: client.language,
        now,
      });
    } catch (error) {
      // Two first logins of one device at once: the other request created the user; use it.
      if (!isUniqueViolation(error, 'users_demo_device_unique')) throw error;
      userId = (await repository.findUserByDemoDevice(context.db, demoId))?.id;
      if (userId === undefined) throw error;
    }
  }
  const token = await createSession(context.db, { userId, now, client });
  return { token, user: await getUserView(context.db, userId) };
}

/**
 * A real customer's own demo account (docs/decisions.md "Demo or real: the switch"): a
 * demo user linked to the customer (users.demo_of_user_id), made with its virtual balance at the
 * first switch, and a new session of it. The customer's real session stays as it was; the app keeps
 * both tokens and switches between them. The demo user is a user of its own with its own demo
 * account, so demo and real money never mix, and its token opens nothing of the real customer's.
 * Only a real customer's session may ask (a demo session cannot reach a real account through it);
 * limited as demo logins are, per client address.
 */
export async function switchToDemo(
  context: ServerContext,
  user: AuthenticatedUser,
  client: ClientInfo,
): Promise<SessionData> {
  if (user.isDemo) throw new Rejection('error.real_account_only');
  await context.limits.demoLoginsPerAddress.hit(client.address);
  const now = context.clock.now();
  const existing = await repository.findLinkedDemo(context.db, user.id);
  if (existing && existing.loginDisabledAt !== null) throw new Rejection('error.login_disabled');
  let userId = existing?.id;
  if (userId === undefined) {
    const owner = await repository.findUserById(context.db, user.id);
    try {
      userId = await createDemoUser(context, {
        link: { demoOfUserId: user.id },
        language: owner?.language ?? 'hk',
        now,
      });
    } catch (error) {
      // Two first switches at once: the other request made the demo user; use it.
      if (!isUniqueViolation(error, 'users_demo_of_unique')) throw error;
      userId = (await repository.findLinkedDemo(context.db, user.id))?.id;
      if (userId === undefined) throw error;
    }
  }
  const token = await createSession(context.db, { userId, now, client });
  return { token, user: await getUserView(context.db, userId) };
}

async function createDemoUser(
  context: ServerContext,
  request: { link: { demoDeviceId: string } | { demoOfUserId: UserId }; language: string; now: Date },
): Promise<UserId> {
  const { link, language, now } = request;
  const demoBalance = await getSetting(context.db, 'demo_balance');
  if (!toDecimal(demoBalance).isPositive())
    throw new Error(`setting demo_balance is not positive: ${demoBalance}`);
  return context.db.transaction(async (tx) => {
    const user = await insertUserWithFreshCodes(tx, {
      isDemo: true,
      ...link,
      language,
      createdAt: now,
    });
    const account = await openTradingAccount(tx, user.id, 'demo', now);
    await postToLedger(tx, {
      accountId: account.id,
      at: now,
      entries: [
        {
          bucket: 'balance',
          amount: toDecimal(demoBalance).toFixed(),
          kind: 'demo_credit',
          memoKey: 'ledger.demo_credit',
        },
      ],
    });
    return user.id;
  });
}

export async function getProfile(context: ServerContext, user: AuthenticatedUser): Promise<User> {
  return getUserView(context.db, user.id);
}

/** Ends the session the request came with; its token answers 999 and its sockets go anonymous. */
export async function logout(context: ServerContext, user: AuthenticatedUser): Promise<void> {
  await endSession(context, { userId: user.id, sessionId: user.sessionId }, context.clock.now());
}
