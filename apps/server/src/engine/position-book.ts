import { isAtOrBelowStopOut, riskRatePercent } from '@meridian/domain/account-metrics';
import type { QuoteToAccountRate } from '@meridian/domain/conversion';
import { closePrice } from '@meridian/domain/fill-price';
import { type DecimalInput, type DecimalValue, PLACES, toDecimal } from '@meridian/domain/money';
import { floatingProfit } from '@meridian/domain/profit';
import type { Quote } from '@meridian/domain/quote';
import type { Side } from '@meridian/domain/side';
import { asLots, asPrice, type Lots, moneyAt, moneyOf, type Price } from '@meridian/domain/trade-values';
import type { OrderRecord } from '../events';

/**
 * The engine's live figures of every account that holds positions (ARCHITECTURE.md "Trading
 * rules": net value, risk rate, stop-out). Each holding order keeps its last mark and floating
 * profit; each account its balance, its position margin and its holdings; each instrument the
 * accounts holding it. A tick of an instrument re-marks only the positions on it and re-checks only
 * their accounts: O(affected positions and accounts), never O(all orders).
 *
 * The database stays the record: stop-outs are decided again under the account lock from stored
 * rows, so a figure here can only make the engine look, never make it close.
 */
export type LiveOrder = {
  id: number;
  version: number;
  accountId: number;
  userId: number;
  instrumentId: number;
  side: Side;
  status: 'pending' | 'holding';
  lots: Lots;
  openPrice: Price | null;
  unitsPerLot: string;
  margin: DecimalValue;
  /** Last close-side price the position was marked at; null until marked. */
  mark: Price | null;
  floating: DecimalValue;
};

export type AccountFigures = {
  accountId: number;
  userId: number;
  /** Available balance as last known (events, periodic refresh); undefined until known. */
  balance: DecimalValue | undefined;
  holdings: Map<number, LiveOrder>;
  positionMargin: DecimalValue;
  /** Live orders of any status: the account is forgotten when it has none. */
  liveOrders: number;
};

/** Closed or cancelled orders remembered, so a late event of one never brings it back. */
const ENDED_REMEMBERED_MAX = 10_000;

export class PositionBook {
  private readonly orders = new Map<number, LiveOrder>();
  private readonly accounts = new Map<number, AccountFigures>();
  private readonly accountByUser = new Map<number, AccountFigures>();
  /** instrument id -> account id -> positions of that account on it. */
  private readonly holders = new Map<number, Map<number, number>>();
  private readonly ended = new Set<number>();

  get size(): number {
    return this.orders.size;
  }

  order(orderId: number): LiveOrder | undefined {
    return this.orders.get(orderId);
  }

  account(accountId: number): AccountFigures | undefined {
    return this.accounts.get(accountId);
  }

  accountOfUser(userId: number): AccountFigures | undefined {
    return this.accountByUser.get(userId);
  }

  accountIds(): number[] {
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
    if (record.status === 'closed' || record.status === 'cancelled') {
      this.forget(record.id);
      this.ended.add(record.id);
      if (this.ended.size > ENDED_REMEMBERED_MAX) {
        const oldest = this.ended.values().next().value;
        if (oldest !== undefined) this.ended.delete(oldest);
      }
      return;
    }
    const known = this.orders.get(record.id);
    const mark = known?.status === 'holding' && record.status === 'holding' ? known.mark : null;
    const floating = mark ? (known?.floating ?? toDecimal(0)) : toDecimal(0);
    this.forget(record.id);
    const order: LiveOrder = {
      id: record.id,
      version: record.version,
      accountId: record.accountId,
      userId: record.userId,
      instrumentId: record.instrumentId,
      side: record.side,
      status: record.status,
      lots: asLots(record.lots),
      openPrice: record.openPrice === null ? null : asPrice(record.openPrice),
      unitsPerLot: record.unitsPerLot,
      margin: toDecimal(record.margin),
      mark,
      floating,
    };
    this.orders.set(order.id, order);
    const account = this.accountFor(order.accountId, order.userId);
    account.liveOrders += 1;
    if (order.status !== 'holding') return;
    account.holdings.set(order.id, order);
    account.positionMargin = account.positionMargin.plus(order.margin);
    let byAccount = this.holders.get(order.instrumentId);
    if (!byAccount) {
      byAccount = new Map();
      this.holders.set(order.instrumentId, byAccount);
    }
    byAccount.set(order.accountId, (byAccount.get(order.accountId) ?? 0) + 1);
  }

  setBalance(accountId: number, balance: DecimalInput): void {
    const account = this.accounts.get(accountId);
    if (account) account.balance = toDecimal(balance);
  }

  /**
   * Marks every position on an instrument at its quote; answers the accounts whose figures moved.
   * The mark is the price the position would close at (bid for a buy, ask for a sell).
   */
  mark(instrumentId: number, quote: Quote, rate: QuoteToAccountRate): AccountFigures[] {
    const byAccount = this.holders.get(instrumentId);
    if (!byAccount) return [];
    const touched: AccountFigures[] = [];
    for (const accountId of byAccount.keys()) {
      const account = this.accounts.get(accountId);
      if (!account) continue;
      for (const order of account.holdings.values()) {
        if (order.instrumentId !== instrumentId || order.openPrice === null) continue;
        const mark = closePrice(order.side, quote);
        order.mark = mark;
        order.floating = toDecimal(
          floatingProfit({
            side: order.side,
            openPrice: order.openPrice,
            markPrice: mark,
            lots: order.lots,
            unitsPerLot: order.unitsPerLot,
            quoteToAccountRate: rate,
          }),
        );
      }
      touched.push(account);
    }
    return touched;
  }

  /** Sum of the floating profit of an account's positions. */
  floatingOf(account: AccountFigures): DecimalValue {
    let total = toDecimal(0);
    for (const order of account.holdings.values()) total = total.plus(order.floating);
    return total;
  }

  /** Net value = balance + position margin + floating profit; undefined while the balance is unknown. */
  equityOf(account: AccountFigures): DecimalValue | undefined {
    if (account.balance === undefined) return undefined;
    return account.balance.plus(account.positionMargin).plus(this.floatingOf(account));
  }

  /** Whether the account's risk rate is at or below the level (exact, domain `isAtOrBelowStopOut`). */
  atOrBelowStopOut(account: AccountFigures, levelPercent: DecimalInput): boolean {
    const equity = this.equityOf(account);
    return equity !== undefined && isAtOrBelowStopOut(equity, account.positionMargin, levelPercent);
  }

  /** The account's live figures as the forex.trade push shows them. */
  figuresOf(account: AccountFigures) {
    const floating = this.floatingOf(account);
    const balance = account.balance ?? toDecimal(0);
    const equity = moneyOf(balance.plus(account.positionMargin).plus(floating));
    const margin = moneyOf(account.positionMargin);
    return {
      allFactProfits: moneyAt(floating, PLACES.profit),
      balance: moneyOf(balance),
      margin,
      netValue: equity,
      riskRate: riskRatePercent(equity, margin),
    };
  }

  private accountFor(accountId: number, userId: number): AccountFigures {
    let account = this.accounts.get(accountId);
    if (!account) {
      account = {
        accountId,
        userId,
        balance: undefined,
        holdings: new Map(),
        positionMargin: toDecimal(0),
        liveOrders: 0,
      };
      this.accounts.set(accountId, account);
      this.accountByUser.set(userId, account);
    }
    return account;
  }

  private forget(orderId: number): void {
    const order = this.orders.get(orderId);
    if (!order) return;
    this.orders.delete(orderId);
    const account = this.accounts.get(order.accountId);
    if (!account) return;
    account.liveOrders -= 1;
    if (order.status === 'holding' && account.holdings.delete(orderId)) {
      account.positionMargin = account.positionMargin.minus(order.margin);
      const byAccount = this.holders.get(order.instrumentId);
      const count = (byAccount?.get(order.accountId) ?? 1) - 1;
      if (count > 0) byAccount?.set(order.accountId, count);
      else byAccount?.delete(order.accountId);
      if (byAccount?.size === 0) this.holders.delete(order.instrumentId);
    }
    if (account.liveOrders === 0) {
      this.accounts.delete(account.accountId);
      this.accountByUser.delete(account.userId);
    }
  }
}
