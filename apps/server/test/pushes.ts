import type { Candle, MarketDayPush } from '@meridian/contract/market';
import { pushSchemaOf } from '@meridian/contract/push-schemas';
import type { ForexClosedPush, ForexTradePush } from '@meridian/contract/trading';
import { expect } from 'vitest';
import type { Received } from './socket';

/**
 * Payloads of the contract's shapes for tests that publish by hand through the typed publisher:
 * what they test is the delivery, so any payload of the topic's shape does.
 */
export const sampleQuotes = (close = '1.08512'): MarketDayPush => [
  {
    Id: 1,
    MarketStatus: 1,
    ForexQuotations: {
      Open: '1.08000',
      Close: close,
      Change: '0.47',
      High: '1.09000',
      Low: '1.07000',
      Volume: '12',
      Bid: close,
      Ask: close,
      Time: 1_795_000_000_000,
    },
  },
];

export const sampleCandle = (close = '1.15'): Candle => ({
  Time: 1_795_000_000,
  Open: '1.1',
  High: '1.2',
  Low: '1.0',
  Close: close,
  Volume: '12',
});

export const sampleTrade = (profit = '1'): ForexTradePush => ({
  orders: [{ Id: 9, ForexId: 1, FactProfits: profit, UpdatePrice: '1.08512' }],
  all_fact_profits: profit,
  balance: '1000.00',
  margin: '10.00',
  net_value: '1001.00',
  risk_rate: null,
  time: 1_795_000_000_000,
});

export const sampleClosed = (id: number): ForexClosedPush => ({
  Id: id,
  ForexId: 1,
  ShowCode: 'EURUSD',
  Status: 3,
  State: 'closed',
  reason: 'user',
  FactProfits: '1.000000',
  ClosePrice: '1.08512',
  CloseTime: 1_795_000_000_000,
  balance: '1001.00',
});

/**
 * Asserts a push received on a socket carries its topic's payload as the contract's push map
 * describes it, so what the server sends and what the clients parse (the same schemas) agree.
 */
export function expectContractPush(message: Received): void {
  expect(typeof message).toBe('object');
  const push = message as { type?: unknown; topic?: unknown; data?: unknown };
  expect(push.type).toBe('push');
  expect(typeof push.topic).toBe('string');
  const schema = pushSchemaOf(push.topic as string);
  expect(schema, `a schema for ${String(push.topic)}`).not.toBeNull();
  const parsed = schema?.safeParse(push.data);
  expect(parsed?.error, `${String(push.topic)} push parses`).toBeUndefined();
}
