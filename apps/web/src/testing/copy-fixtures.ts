import type { CopyOrder, Follow, RankingEntry, TraderProfile } from '@meridian/contract/copy';
import { orderFixture } from './order-fixtures';

/** A ranked trader in the contract's shape (tests only): a person trading a real account. */
export function rankingEntryFixture(
  overrides: Partial<RankingEntry> & Pick<RankingEntry, 'trader_id'>,
): RankingEntry {
  return {
    user: `Trader ${overrides.trader_id}`,
    is_demo: 0,
    is_strategy: 0,
    strategy: null,
    multiple: 100,
    code: 'EUR/USD',
    three_week_rate: '12.34',
    three_week_win: '60.00',
    three_week_profit: '1234.5',
    three_week_trade_num: 10,
    three_week_drawdown: '3.21',
    total_rate: '45.60',
    total_win: '55.00',
    total_profit: '4560',
    total_trade_num: 40,
    total_drawdown: '8.40',
    followers: 1234,
    since: Date.UTC(2026, 9, 1),
    ...overrides,
  };
}

/** A follow in the contract's shape (tests only): amount mode, 1,000 USDT, copy stop-loss 50 %. */
export function followFixture(overrides: Partial<Follow> & Pick<Follow, 'id'>): Follow {
  return {
    trader_id: 1,
    trader_name: 'Trader 1',
    trader_is_demo: 0,
    mode: 2,
    ratio: null,
    amount: '1000.00',
    stop_loss_percent: '50.00',
    state: 'active',
    stop_reason: null,
    result: '12.345678',
    open_copies: 1,
    closed_copies: 2,
    skipped: 1,
    created_at: Date.UTC(2026, 10, 1),
    stopped_at: 0,
    ...overrides,
  };
}

export function traderProfileFixture(overrides: Partial<TraderProfile> = {}): TraderProfile {
  return {
    trader: rankingEntryFixture({ trader_id: 1 }),
    curve: [
      { time: Date.UTC(2026, 10, 1), equity: '100000' },
      { time: Date.UTC(2026, 10, 2), equity: '101000' },
    ],
    recent: [
      {
        id: 91,
        ShowCode: 'EUR/USD',
        OrderType: 1,
        Quantity: '0.10',
        Multiple: 100,
        OpenPrice: '1.08500',
        ClosePrice: '1.08700',
        NetProfit: '19.500000',
        OpenTime: Date.UTC(2026, 10, 2, 9),
        CloseTime: Date.UTC(2026, 10, 2, 10),
      },
    ],
    my_follow: null,
    is_me: 0,
    ...overrides,
  };
}

export function copyOrderFixture(overrides: Partial<CopyOrder> & Pick<CopyOrder, 'Id'>): CopyOrder {
  return { ...orderFixture(overrides), FollowId: 5, SourceOrderId: 77, TraderName: 'Trader 1', ...overrides };
}
