import type { Order, OrderList } from '@meridian/contract/trading';

/** An order in the contract's shape (tests only): a BTC/USDT buy holding at 10x unless told otherwise. */
export function orderFixture(overrides: Partial<Order> & Pick<Order, 'Id'>): Order {
  return {
    ForexId: 13,
    ForexTradeLists: { Id: 13, Code: 'BTCUSDT', ShowCode: 'BTC/USDT', PricePrecision: 2 },
    OrderType: 1,
    EntryType: 1,
    Status: 1,
    State: 'holding',
    Quantity: '0.01',
    Multiple: 10,
    OriginPrice: '100000.00',
    Price: '100000.00',
    TargetPrice: '0',
    UpdatePrice: '100100.00',
    ClosePrice: '0',
    FactProfits: '1.000000',
    CautionMoney: '100.000000',
    TradeFee: '0.250000',
    TargetLossPrice: '0',
    TargetProfitPrice: '0',
    CloseReason: '',
    CreateTimeHandler: '2026-11-21 10:00:00',
    CreateTime: Date.UTC(2026, 10, 21, 10),
    OpenTime: Date.UTC(2026, 10, 21, 10),
    CloseTime: 0,
    PricePrecision: 2,
    ...overrides,
  };
}

/** One page (the first, of 50) of a tab holding `orders`; a test sets the totals it looks at. */
export function orderListFixture(
  orders: Order[],
  totals: Pick<OrderList, 'all_fact_profits' | 'balance'>,
): OrderList {
  return { data: orders, total: orders.length, ...totals, page: 1, limit: 50 };
}
