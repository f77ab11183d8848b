import { randomBytes } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import type { MyTrader } from '@meridian/contract/copy';
import type { StaffRole } from '@meridian/contract/staff';
import { type AccountId, asAccountId, asUserId, type UserId } from '@meridian/domain/ids';
import { toDecimal } from '@meridian/domain/money';
import { call, PASSWORD } from '../accounts';
import { makeImage, upload } from '../images';
import { signInStaff, staffSession } from '../staff';
import { realTrader, submit, type Trader } from '../trading';
import { type FuzzApp, queryRows, quoteEverything } from './fuzz-app';
import { type InstrumentTerms, instrumentTerms } from './request-references';

/** A signed-in party the fuzz sends requests as, with what it takes to sign in again. */
export type Identity =
  | { kind: 'demo'; token: string; userId: UserId; accountId: AccountId; demoId: string }
  | { kind: 'real'; token: string; userId: UserId; accountId: AccountId; email: string }
  | { kind: 'staff'; token: string; email: string; role: StaffRole };

/** Known identifiers of the world, so generated requests reach rows that exist (and some that do not). */
export type Pools = {
  orderIds: number[];
  instrumentIds: number[];
  traderIds: number[];
  followIds: number[];
  conversationIds: number[];
  newsIds: number[];
  announcementIds: number[];
  categoryIds: number[];
  areaIds: number[];
  uploadNames: string[];
  emails: string[];
  prices: string[];
  logoCodes: string[];
};

export type World = {
  demo: Identity[];
  real: Identity[];
  staff: Identity[];
  pools: Pools;
  terms: InstrumentTerms;
  /** EUR/USD, the instrument of a request that names none. */
  defaultInstrumentId: number;
};

async function demoIdentity(t: FuzzApp): Promise<Identity> {
  const demoId = `fuzz-${randomBytes(8).toString('hex')}`;
  const answer = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', { demo_id: demoId });
  if (answer.code !== 1) throw new Error(`demo login failed: ${answer.msg}`);
  const [row] = await queryRows<{ id: number }>(
    t,
    `select id from trading_accounts where user_id = ${Number(answer.data.user.id)}`,
  );
  if (!row) throw new Error('no demo account');
  return {
    kind: 'demo',
    token: answer.data.token,
    userId: asUserId(answer.data.user.id),
    accountId: asAccountId(Number(row.id)),
    demoId,
  };
}

async function realIdentity(t: FuzzApp): Promise<Identity> {
  const trader: Trader = await realTrader(t, '50000');
  const [row] = await queryRows<{ email: string }>(
    t,
    `select email from users where id = ${Number(trader.userId)}`,
  );
  if (!row) throw new Error('no real user');
  return { kind: 'real', ...trader, email: row.email };
}

/** Signs an identity in again (after a fuzzed logout answered code 1). */
export async function signInAgain(t: FuzzApp, identity: Identity): Promise<Identity> {
  if (identity.kind === 'demo') {
    const answer = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: identity.demoId,
    });
    if (answer.code !== 1) throw new Error(`demo login again failed: ${answer.msg}`);
    return { ...identity, token: answer.data.token };
  }
  if (identity.kind === 'real') {
    const answer = await call<SessionData>(t, 'POST', '/api/user/loginForU', {
      type: 'email',
      account: identity.email,
      password: PASSWORD,
    });
    if (answer.code !== 1) throw new Error(`login again failed: ${answer.msg}`);
    return { ...identity, token: answer.data.token };
  }
  return { ...identity, token: await signInStaff(t, identity.email) };
}

function tokenOf(identity: Identity): Trader {
  if (identity.kind === 'staff') throw new Error('staff do not trade');
  return { token: identity.token, userId: identity.userId, accountId: identity.accountId };
}

async function pricePool(t: FuzzApp): Promise<string[]> {
  const rows = await queryRows<{ base_price: string; price_precision: number }>(
    t,
    'select base_price::text, price_precision from instruments order by id',
  );
  const prices = new Set<string>();
  for (const row of rows)
    for (const factor of ['0.9', '0.99', '1', '1.01', '1.1'])
      prices.add(toDecimal(row.base_price).times(factor).toFixed(Number(row.price_precision)));
  return [...prices];
}

async function idsOf(t: FuzzApp, sqlText: string): Promise<number[]> {
  return (await queryRows<{ id: number }>(t, sqlText)).map((row) => Number(row.id));
}

/**
 * Who and what the fuzz works with: three demo users and two real ones (50,000 USDT each), each
 * with market and pending orders (stops set) on a forex pair and a crypto; one real user a copy
 * trader that two others follow; a support conversation each; chat pictures and ID photos; a
 * staff member of each useful role; and a bystander customer and staff member whose accounts the
 * fuzzed logins aim at.
 */
export async function seedWorld(t: FuzzApp): Promise<World> {
  await quoteEverything(t);
  const demo = [await demoIdentity(t), await demoIdentity(t), await demoIdentity(t)];
  const real = [await realIdentity(t), await realIdentity(t)];
  const staff: Identity[] = [];
  for (const role of ['support', 'admin'] as const) {
    const session = await staffSession(t, role, `Fuzz ${role}`);
    staff.push({ kind: 'staff', token: session.token, email: session.email, role });
  }
  const bystander = await realIdentity(t);
  const bystanderStaff = await staffSession(t, 'support', 'Fuzz bystander');
  if (bystander.kind !== 'real') throw new Error('no bystander');
  const [eurusd, btc] = await Promise.all([
    idsOf(t, `select id from instruments where code = 'EURUSD'`),
    idsOf(t, `select id from instruments where code = 'BTCUSDT'`),
  ]);
  const customers = [...demo, ...real];
  for (const identity of customers) {
    const trader = tokenOf(identity);
    const orders = [
      { type: 1, status: 1, cont: '0.1', forex_id: eurusd[0], multiple: 100, stop_loss_price: '1.00000' },
      { type: 2, status: 1, cont: '0.01', forex_id: btc[0], multiple: 10 },
      { type: 1, status: 0, cont: '0.1', forex_id: eurusd[0], multiple: 100, target_price: '1.05000' },
    ];
    for (const order of orders) {
      const answer = await submit(t, trader, order);
      if (answer.code !== 1) throw new Error(`seed order refused: ${answer.msg}`);
    }
    await call(t, 'POST', '/api/support/send', { text: 'Hello from the fuzz' }, { token: identity.token });
  }
  const traderAnswer = await call<MyTrader>(
    t,
    'POST',
    '/api/follow/opt_in',
    { display_name: 'Fuzz Trader' },
    { token: real[0]?.token },
  );
  const traderId = traderAnswer.data?.trader_id;
  if (traderAnswer.code !== 1 || traderId === undefined)
    throw new Error(`opt in refused: ${traderAnswer.msg}`);
  for (const follower of [real[1], demo[0]])
    await call(
      t,
      'POST',
      '/api/follow/follow',
      { trader_id: traderId, mode: 1, ratio: '1', amount: '100' },
      { token: follower?.token },
    );
  // A chat picture each, and two ID photos each for the real users (real-name verification).
  const uploads = [
    ...customers.map((identity) => ({ identity, purpose: 'chat' })),
    ...real.flatMap((identity) => [
      { identity, purpose: 'kyc' },
      { identity, purpose: 'kyc' },
    ]),
  ];
  const uploadNames: string[] = [];
  for (const { identity, purpose } of uploads) {
    const uploaded = await upload(t, identity.token, await makeImage('png'), { purpose });
    if (!uploaded.data) throw new Error(`seed upload refused: ${uploaded.msg}`);
    uploadNames.push(uploaded.data.name);
  }
  const pools: Pools = {
    orderIds: await idsOf(t, 'select id from orders order by id'),
    instrumentIds: await idsOf(t, 'select id from instruments order by id'),
    traderIds: await idsOf(t, 'select id from traders order by id'),
    followIds: await idsOf(t, 'select id from follows order by id'),
    conversationIds: await idsOf(t, 'select id from support_conversations order by id'),
    newsIds: await idsOf(t, 'select id from news order by id limit 5'),
    announcementIds: await idsOf(t, 'select id from announcements order by id limit 5'),
    categoryIds: [
      ...(await idsOf(t, 'select id from categories order by id')),
      ...(await idsOf(t, 'select id from news_categories order by id')),
    ],
    areaIds: await idsOf(t, 'select id from area_codes order by id limit 5'),
    uploadNames,
    // Accounts of bystanders, not of the identities: fuzzed logins with wrong passwords lock an
    // account for a while, and an identity must be able to sign in again after a fuzzed logout.
    emails: [bystander.email, bystanderStaff.email],
    prices: await pricePool(t),
    logoCodes: (await queryRows<{ code: string }>(t, 'select code from instruments order by id limit 4')).map(
      (row) => row.code,
    ),
  };
  return { demo, real, staff, pools, terms: await instrumentTerms(t), defaultInstrumentId: eurusd[0] ?? 1 };
}
