import type { Language } from '@meridian/contract/languages';
import type { CustomerOrderSortKey, SortOrder } from '@meridian/contract/list-sort';
import {
  type DemoResetAnswer,
  type ForexDetail,
  type LedgerPage,
  type MyDealQuery,
  ORDER_TAB,
  type Order,
  type OrderList,
} from '@meridian/contract/trading';
import { netValue, riskRatePercent } from '@meridian/domain/account-metrics';
import { closePrice } from '@meridian/domain/fill-price';
import type { UserId } from '@meridian/domain/ids';
import { PLACES, toDecimal } from '@meridian/domain/money';
import type { Side } from '@meridian/domain/side';
import { asMoney, asPrice, moneyAt, moneyOf } from '@meridian/domain/trade-values';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import type { OrderRecord } from '../../events';
import { Rejection } from '../../http/errors';
import { translate } from '../../http/i18n';
import type { AuthenticatedUser } from '../auth/auth.public';
import { billingHistory, lockAccountForUpdate, postToLedger } from '../ledger/ledger.public';
import { getSetting } from '../settings/settings.public';
import { recordFills } from './execution-records';
import { conversionOf, type InstrumentTerms, tradingTerms } from './instrument-terms';
import * as history from './order-history.repository';
import { amountText, displayTime, liveFigures, orderView } from './order-view';
import {
  announcesChanges,
  cancelInTransaction,
  closeInTransaction,
  type OrderChange,
  profitAt,
} from './position-closing';
import * as repository from './trading.repository';
import { accountOf } from './trading.service';

/**
 * The account side of trading: the order list (my_deal), the balance and account figures, the
 * billing history and the demo reset.
 */

type Catalogue = Map<number, InstrumentTerms>;

async function catalogueOf(context: ServerContext): Promise<Catalogue> {
  return (await tradingTerms(context)).instruments;
}

function termsIn(catalogue: Catalogue, order: OrderRecord): InstrumentTerms {
  const terms = catalogue.get(order.instrumentId);
  if (!terms) throw new Error(`order ${order.id} names a missing instrument ${order.instrumentId}`);
  return terms;
}

function marked(context: ServerContext, catalogue: Catalogue, order: OrderRecord): Order {
  const terms = termsIn(catalogue, order);
  return orderView(order, terms, {
    quote: context.market.quote(terms.id),
    rate: conversionOf(context.market, terms),
  });
}

/** The order list of one tab (spec section 3: data, total, all_fact_profits, balance). */
export async function myDeal(
  context: ServerContext,
  user: Pick<AuthenticatedUser, 'id'>,
  query: MyDealQuery,
): Promise<OrderList> {
  const account = await accountOf(context, user);
  const catalogue = await catalogueOf(context);
  const offset = (query.page - 1) * query.limit;
  const page = { page: query.page, limit: query.limit, balance: account.balance };
  if (query.status === ORDER_TAB.history) {
    const [rows, totals] = await Promise.all([
      history.historyPage(context.db, user.id, { offset, limit: query.limit }),
      history.historyTotals(context.db, user.id),
    ]);
    return {
      data: rows.map((order) => marked(context, catalogue, order)),
      total: totals.count,
      all_fact_profits: amountText(totals.realised),
      ...page,
    };
  }
  // A live tab holds at most the open-order limit: all are marked, so the total is the whole tab's.
  const status = query.status === ORDER_TAB.holding ? 'holding' : 'pending';
  const views = (await repository.listOrdersOfUser(context.db, user.id, status)).map((order) =>
    marked(context, catalogue, order),
  );
  const sum = views.reduce((total, view) => total.plus(toDecimal(view.FactProfits)), toDecimal(0));
  return {
    data: views.slice(offset, offset + query.limit),
    total: views.length,
    all_fact_profits: moneyAt(sum, PLACES.profit),
    ...page,
  };
}

/** A figure of a live order's row as the back office's orders tab sorts it (list-sort.ts); blanks last. */
const LIVE_SORT_VALUES: Record<CustomerOrderSortKey, (order: Order) => string | number> = {
  id: (order) => order.Id,
  instrument: (order) => order.ForexTradeLists.ShowCode,
  side: (order) => order.OrderType,
  lots: (order) => order.Quantity,
  open_price: (order) => order.Price,
  price: (order) => order.UpdatePrice,
  margin: (order) => order.CautionMoney,
  profit: (order) => order.FactProfits,
  state: (order) => order.State,
  time: (order) => order.CloseTime || order.OpenTime || order.CreateTime,
};

const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

function compareFigures(left: string | number, right: string | number): number {
  const blank = (value: string | number) => value === '';
  if (blank(left) || blank(right)) return Number(blank(left)) - Number(blank(right));
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (DECIMAL_TEXT.test(String(left)) && DECIMAL_TEXT.test(String(right)))
    return toDecimal(String(left)).comparedTo(String(right));
  return String(left) < String(right) ? -1 : String(left) > String(right) ? 1 : 0;
}

/**
 * One tab of a customer's orders for the back office (list-sort.ts): a window of it (a page, or an
 * export's first rows) in the tab's own order or by a column, with the tab's size. The history is
 * sorted by the database; a live tab (at most the open-order limit) is marked whole at the live
 * price, so it is sorted after marking, by the figures the tab shows, the id breaking ties.
 */
export async function ordersForStaff(
  context: ServerContext,
  userId: UserId,
  query: {
    status: 'holding' | 'pending' | 'history';
    offset: number;
    limit: number;
    sort: { key: CustomerOrderSortKey; order: SortOrder } | undefined;
  },
): Promise<{ list: Order[]; total: number }> {
  const catalogue = await catalogueOf(context);
  if (query.status === 'history') {
    const window = { offset: query.offset, limit: query.limit };
    const [rows, totals] = await Promise.all([
      query.sort
        ? history.historyPageSorted(context.db, userId, { ...window, sort: query.sort })
        : history.historyPage(context.db, userId, window),
      history.historyTotals(context.db, userId),
    ]);
    return { list: rows.map((order) => marked(context, catalogue, order)), total: totals.count };
  }
  const views = (await repository.listOrdersOfUser(context.db, userId, query.status)).map((order) =>
    marked(context, catalogue, order),
  );
  const sort = query.sort;
  if (sort) {
    const read = LIVE_SORT_VALUES[sort.key];
    const direction = sort.order === 'desc' ? -1 : 1;
    views.sort((left, right) => {
      const byValue = compareFigures(read(left), read(right));
      // Blanks stay last both ways, as the database's "nulls last".
      const blanks = read(left) === '' || read(right) === '';
      return (blanks ? byValue : byValue * direction) || (left.Id - right.Id) * direction;
    });
  }
  return { list: views.slice(query.offset, query.offset + query.limit), total: views.length };
}

export async function balanceOf(
  context: ServerContext,
  user: AuthenticatedUser,
): Promise<{ balance: string }> {
  return { balance: (await accountOf(context, user)).balance };
}

/** Balance, lock, margin, floating profit, net value and risk rate (ARCHITECTURE.md "Trading rules"). */
export async function forexDetail(
  context: ServerContext,
  user: Pick<AuthenticatedUser, 'id'>,
): Promise<ForexDetail> {
  const account = await accountOf(context, user);
  const [catalogue, live, level] = await Promise.all([
    catalogueOf(context),
    repository.listLiveOrdersOfAccount(context.db, account.accountId),
    getSetting(context.db, 'stop_out_level'),
  ]);
  let margin = toDecimal(0);
  let pendingMargin = toDecimal(0);
  let floating = toDecimal(0);
  for (const order of live) {
    if (order.status === 'pending') {
      pendingMargin = pendingMargin.plus(toDecimal(order.margin));
      continue;
    }
    margin = margin.plus(toDecimal(order.margin));
    const terms = termsIn(catalogue, order);
    const figures = liveFigures(order, terms, {
      quote: context.market.quote(terms.id),
      rate: conversionOf(context.market, terms),
    });
    floating = floating.plus(toDecimal(figures.factProfits));
  }
  const positionMargin = moneyOf(margin);
  const equity = netValue({
    balance: asMoney(account.balance),
    positionMargin,
    floatingProfit: moneyOf(floating),
  });
  return {
    balance: account.balance,
    lock_balance: account.lockBalance,
    margin: positionMargin,
    pending_margin: moneyOf(pendingMargin),
    floating_profit: moneyAt(floating, PLACES.profit),
    net_value: equity,
    risk_rate: riskRatePercent(equity, positionMargin),
    stop_out_level: toDecimal(level).toFixed(),
    currency: 'USDT',
    is_demo: account.mode === 'demo' ? 1 : 0,
  };
}

/** The billing history: the available balance's entries, newest first, texts in the reader's language. */
export async function forexChange(
  context: ServerContext,
  user: AuthenticatedUser,
  query: { page: number; limit: number },
  language: Language,
): Promise<LedgerPage> {
  const account = await accountOf(context, user);
  const { entries, total } = await billingHistory(context.db, account.accountId, {
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    list: entries.map((entry) => ({
      Id: entry.id,
      Value: entry.amount,
      MemoTran: translate(language, entry.memoKey, entry.memoParams),
      CreatedAtTran: displayTime(entry.createdAt),
      CreatedAt: entry.createdAt.getTime(),
      Kind: entry.kind,
      BalanceAfter: entry.balanceAfter,
      OrderId: entry.orderId ?? 0,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/**
 * Demo reset (spec: resetForexDemoAccount): in one transaction every position closes at the live
 * price (reason demo_reset; even on a closed market, at its last price, since the money is virtual
 * and the customer asked for a clean slate), every pending order is cancelled, and one entry brings
 * the balance to the demo_balance setting. Real accounts are refused.
 */
export async function resetDemoAccount(
  context: ServerContext,
  user: AuthenticatedUser,
): Promise<DemoResetAnswer> {
  if (!user.isDemo) throw new Rejection('error.demo_account_only');
  const account = await accountOf(context, user);
  if (account.mode !== 'demo') throw new Error(`demo user ${user.id} holds a ${account.mode} account`);
  const [catalogue, target] = await Promise.all([
    catalogueOf(context),
    getSetting(context.db, 'demo_balance'),
  ]);
  const now = context.clock.now();
  const result = await context.db.transaction(async (tx) => {
    await lockAccountForUpdate(tx, account.accountId);
    const changes: { change: OrderChange; kind: 'closed' | 'cancelled' }[] = [];
    for (const order of await repository.listLiveOrdersOfAccount(tx, account.accountId)) {
      const change =
        order.status === 'pending'
          ? await cancelInTransaction(tx, {
              announces: announcesChanges(context),
              order,
              reason: 'demo_reset',
              at: now,
            })
          : await closeDemoPosition(tx, context, catalogue, order, now);
      if (change) changes.push({ change, kind: order.status === 'pending' ? 'cancelled' : 'closed' });
    }
    const before = await lockAccountForUpdate(tx, account.accountId);
    const difference = toDecimal(target).minus(toDecimal(before.balance));
    let balance = before.balance;
    if (!difference.isZero()) {
      const posting = await postToLedger(tx, {
        accountId: account.accountId,
        at: now,
        entries: [
          {
            bucket: 'balance',
            amount: difference.toFixed(),
            kind: 'demo_reset',
            memoKey: 'ledger.demo_reset',
          },
        ],
      });
      balance = posting.balance;
    }
    return { changes, balance };
  });
  for (const { change, kind } of result.changes)
    context.events.emit(kind === 'closed' ? 'order.closed' : 'order.cancelled', change);
  context.events.emit('account.balance_changed', {
    accountId: account.accountId,
    userId: user.id,
    balance: result.balance,
  });
  return {
    balance: result.balance,
    closed: result.changes.filter((item) => item.kind === 'closed').length,
    cancelled: result.changes.filter((item) => item.kind === 'cancelled').length,
  };
}

/** The live close price and profit of a position; at its open price (no profit) when none exists. */
/** A demo reset closes a position at the live price (with its execution record) or, without one, at its open price. */
async function closeDemoPosition(
  tx: Tx,
  context: ServerContext,
  catalogue: Catalogue,
  order: OrderRecord,
  now: Date,
): Promise<OrderChange | undefined> {
  const closing = closingAtMarket(context, catalogue, order);
  const quoted = context.market.quoteInfo(order.instrumentId);
  const change = await closeInTransaction(tx, {
    ...closing,
    announces: announcesChanges(context),
    order,
    reason: 'demo_reset',
    at: now,
  });
  if (change && closing.priced && quoted)
    await recordFills(tx, [
      {
        order,
        kind: 'demo_reset',
        price: closing.closePrice,
        quote: quoted,
        requestedAt: now,
        filledAt: now,
      },
    ]);
  return change;
}

function closingAtMarket(context: ServerContext, catalogue: Catalogue, order: OrderRecord) {
  const terms = termsIn(catalogue, order);
  const quote = context.market.quote(terms.id);
  const rate = conversionOf(context.market, terms);
  if (!quote || !rate)
    return {
      closePrice: asPrice(order.openPrice ?? order.originPrice),
      profit: moneyAt(toDecimal(0), PLACES.profit),
      priced: false,
    };
  const price = closePrice(order.side as Side, quote);
  return { closePrice: price, profit: profitAt(order, price, rate), priced: true };
}
