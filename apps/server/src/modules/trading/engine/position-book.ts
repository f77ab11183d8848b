import { isAtOrBelowStopOut } from '@meridian/domain/account-metrics';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import type { AccountId, OrderId, UserId } from '@meridian/domain/ids';
import { type DecimalInput, type DecimalValue, PLACES, toDecimal } from '@meridian/domain/money';
import type { Quote } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import type { OrderRecord } from '../../../events';
import { SERVER_LIMITS } from '../../../limits';
import { RecentIds } from './recent-ids';

/**
 * The engine's live figures of every account that holds positions (ARCHITECTURE.md "Trading
 * rules": net value, risk rate, stop-out), kept so that a tick costs O(accounts holding the
 * instrument), not O(positions) and never O(all orders).
 *
 * Per account and instrument the book keeps the exposure of its positions: for buys the units held
 * (lots x units per lot) and their cost (open price x units), the same for sells. Floating profit is
 * linear in the price, so the whole exposure is marked at once:
 *   buys: bid x units - cost        sells: cost - ask x units
 * converted into USDT like a single position (conversion.ts). This sum is not rounded per position
 * the way the domain rounds each position's profit (6 places, half up); the difference is at most
 * half a millionth per position, so the engine looks at an account whose rate is within that margin
 * of the level too. It only looks: the stop-out is decided again under the account lock from
 * stored rows with the domain's figures (triggers.service `stopOutAccount`).
 */
export type LiveOrder = {
  id: OrderId;
  version: number;
  accountId: AccountId;
  userId: UserId;
  instrumentId: number;
  side: Side;
  status: 'pending' | 'holding';
  lots: string;
  openPrice: string | null;
  unitsPerLot: string;
  margin: DecimalValue;
};

type Exposure = {
  positions: number;
  buyUnits: DecimalValue;
  buyCost: DecimalValue;
  sellUnits: DecimalValue;
  sellCost: DecimalValue;
  /** Floating profit in USDT at the last mark, unrounded; zero until marked. */
  floating: DecimalValue;
};

export type AccountFigures = {
  accountId: AccountId;
  userId: UserId;
  /** Available balance as last known (events, periodic refresh); undefined until known. */
  balance: DecimalValue | undefined;
  holdings: Map<OrderId, LiveOrder>;
  positionMargin: DecimalValue;
  /** Exposure per instrument held. */
  exposures: Map<number, Exposure>;
  /** Live orders of any status: the account is forgotten when it has none. */
  liveOrders: number;
};

/** Half a unit of the profit's last place: the most one position's rounding can move its profit. */
const ROUNDING_PER_POSITION = toDecimal(1).div(toDecimal(10).pow(PLACES.profit)).div(2);

/** Distinct lots x units per lot products kept (`unitsOf`); past it the memory starts again. */
const UNITS_KEPT_MAX = 4096;

export class PositionBook {
  private readonly orders = new Map<OrderId, LiveOrder>();
  private readonly accounts = new Map<AccountId, AccountFigures>();
  private readonly accountByUser = new Map<UserId, AccountFigures>();
  /** instrument id -> accounts holding it. */
  private readonly holders = new Map<number, Set<AccountFigures>>();
  private readonly units = new Map<string, DecimalValue>();
  private readonly ended = new RecentIds(SERVER_LIMITS.engineEndedOrdersRememberedMax);

  get size(): number {
    return this.orders.size;
  }

  /** Live orders by status, counted when asked (operations' metrics: every scrape, not every tick). */
  countByStatus(): { pending: number; holding: number } {
    let pending = 0;
    for (const order of this.orders.values()) if (order.status === 'pending') pending += 1;
    return { pending, holding: this.orders.size - pending };
  }

  order(orderId: OrderId): LiveOrder | undefined {
    return this.orders.get(orderId);
  }

  accountOfUser(userId: UserId): AccountFigures | undefined {
    return this.accountByUser.get(userId);
  }

  accountIds(): AccountId[] {
    return [...this.accounts.keys()];
  }

  /** True when this record is older than what the book already knows of the order. */
  isOutdated(record: Pick<OrderRecord, 'id' | 'version'>): boolean {
    if (this.ended.has(record.id)) return true;
    const known = this.orders.get(record.id);
    return known !== undefined && known.version > record.version;
  }

  /** Takes an order as stored now: kept while pending or holding, forgotten once it ends. */
  apply(record: OrderRecord): void {
    // A live order applied again (its stops changed, a pending one filled) keeps its account and
    // the balance the book knows; only an order that ends may leave an empty account behind.
    this.forget(record.id, record.status === 'closed' || record.status === 'cancelled');
    if (record.status === 'closed' || record.status === 'cancelled') {
      this.ended.add(record.id);
      return;
    }
    const order: LiveOrder = {
      id: record.id,
      version: record.version,
      accountId: record.accountId,
      userId: record.userId,
      instrumentId: record.instrumentId,
      side: record.side,
      status: record.status,
      lots: record.lots,
      openPrice: record.openPrice,
      unitsPerLot: record.unitsPerLot,
      margin: toDecimal(record.margin),
    };
    this.orders.set(order.id, order);
    const account = this.accountFor(order.accountId, order.userId);
    account.liveOrders += 1;
    if (order.status === 'holding') this.hold(account, order, 1);
  }

  setBalance(accountId: AccountId, balance: DecimalInput): void {
    const account = this.accounts.get(accountId);
    if (account) account.balance = toDecimal(balance);
  }

  /** Marks every account's exposure to an instrument at its quote; answers the accounts marked. */
  mark(instrumentId: number, quote: Quote, rate: QuoteToAccountRate): readonly AccountFigures[] {
    const accounts = this.holders.get(instrumentId);
    if (!accounts) return [];
    const bid = toDecimal(quote.bid);
    const ask = toDecimal(quote.ask);
    for (const account of accounts) {
      const exposure = account.exposures.get(instrumentId);
      if (!exposure) continue;
      const inQuoteCurrency = bid
        .times(exposure.buyUnits)
        .minus(exposure.buyCost)
        .plus(exposure.sellCost.minus(ask.times(exposure.sellUnits)));
      exposure.floating = inAccountCurrency(inQuoteCurrency, rate);
    }
    return [...accounts];
  }

  /** Net value = balance + position margin + floating profit; undefined while the balance is unknown. */
  equityOf(account: AccountFigures): DecimalValue | undefined {
    if (account.balance === undefined) return undefined;
    let equity = account.balance.plus(account.positionMargin);
    for (const exposure of account.exposures.values()) equity = equity.plus(exposure.floating);
    return equity;
  }

  /**
   * Whether to look at the account for a stop-out: its rate is at or below the level, or within the
   * rounding of its positions' profits above it.
   */
  mayBeAtStopOut(account: AccountFigures, levelPercent: DecimalInput): boolean {
    const equity = this.equityOf(account);
    if (equity === undefined) return false;
    const rounding = ROUNDING_PER_POSITION.times(account.holdings.size);
    return isAtOrBelowStopOut(equity.minus(rounding), account.positionMargin, levelPercent);
  }

  private hold(account: AccountFigures, order: LiveOrder, direction: 1 | -1): void {
    const adding = direction === 1;
    account.positionMargin = adding
      ? account.positionMargin.plus(order.margin)
      : account.positionMargin.minus(order.margin);
    if (direction === 1) account.holdings.set(order.id, order);
    else account.holdings.delete(order.id);
    let exposure = account.exposures.get(order.instrumentId);
    if (!exposure) {
      const zero = toDecimal(0);
      exposure = {
        positions: 0,
        buyUnits: zero,
        buyCost: zero,
        sellUnits: zero,
        sellCost: zero,
        floating: zero,
      };
      account.exposures.set(order.instrumentId, exposure);
    }
    const units = this.unitsOf(order.lots, order.unitsPerLot);
    const cost = units.times(toDecimal(order.openPrice ?? 0));
    if (order.side === 'buy') {
      exposure.buyUnits = adding ? exposure.buyUnits.plus(units) : exposure.buyUnits.minus(units);
      exposure.buyCost = adding ? exposure.buyCost.plus(cost) : exposure.buyCost.minus(cost);
    } else {
      exposure.sellUnits = adding ? exposure.sellUnits.plus(units) : exposure.sellUnits.minus(units);
      exposure.sellCost = adding ? exposure.sellCost.plus(cost) : exposure.sellCost.minus(cost);
    }
    exposure.positions += direction;
    let accounts = this.holders.get(order.instrumentId);
    if (exposure.positions === 0) {
      account.exposures.delete(order.instrumentId);
      accounts?.delete(account);
      if (accounts?.size === 0) this.holders.delete(order.instrumentId);
      return;
    }
    if (!accounts) {
      accounts = new Set();
      this.holders.set(order.instrumentId, accounts);
    }
    accounts.add(account);
  }

  /**
   * Lots x units per lot. Both come from few values (lot steps, one contract size per instrument),
   * so the products are kept: a batch of closes would otherwise parse and multiply them again for
   * every position. Decimals are immutable, so a kept one is safe to share.
   */
  private unitsOf(lots: string, unitsPerLot: string): DecimalValue {
    const key = `${lots}x${unitsPerLot}`;
    let units = this.units.get(key);
    if (units === undefined) {
      if (this.units.size >= UNITS_KEPT_MAX) this.units.clear();
      units = toDecimal(lots).times(toDecimal(unitsPerLot));
      this.units.set(key, units);
    }
    return units;
  }

  private accountFor(accountId: AccountId, userId: UserId): AccountFigures {
    let account = this.accounts.get(accountId);
    if (!account) {
      account = {
        accountId,
        userId,
        balance: undefined,
        holdings: new Map(),
        positionMargin: toDecimal(0),
        exposures: new Map(),
        liveOrders: 0,
      };
      this.accounts.set(accountId, account);
      this.accountByUser.set(userId, account);
    }
    return account;
  }

  private forget(orderId: OrderId, dropEmptyAccount: boolean): void {
    const order = this.orders.get(orderId);
    if (!order) return;
    this.orders.delete(orderId);
    const account = this.accounts.get(order.accountId);
    if (!account) return;
    account.liveOrders -= 1;
    if (order.status === 'holding') this.hold(account, order, -1);
    if (dropEmptyAccount && account.liveOrders === 0) {
      this.accounts.delete(account.accountId);
      this.accountByUser.delete(account.userId);
    }
  }
}

/** An amount in the quote currency in USDT, unrounded (the engine's figures only decide when to look). */
function inAccountCurrency(amount: DecimalValue, rate: QuoteToAccountRate): DecimalValue {
  switch (rate.kind) {
    case 'same':
      return amount;
    case 'multiply':
      return amount.times(toDecimal(rate.price));
    case 'divide':
      return amount.div(toDecimal(rate.price));
    default: {
      const unknown: never = rate;
      throw new Error(`unknown conversion ${JSON.stringify(unknown)}`);
    }
  }
}
