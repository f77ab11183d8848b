import { describe, expect, it } from 'vitest';
import { MarketDayPush } from './market';
import { pushKindOf } from './push-payloads';
import { PUSH_SCHEMAS, pushSchemaOf } from './push-schemas';
import { ForexTradePush } from './trading';

describe('the push map', () => {
  it('finds the kind of every topic on the wire, one kind for every chart topic', () => {
    expect(pushKindOf('market.day')).toBe('market.day');
    expect(pushKindOf('kline.7.1M')).toBe('kline');
    expect(pushKindOf('kline.123456789.1D')).toBe('kline');
    expect(pushKindOf('forex.closed')).toBe('forex.closed');
    expect(pushKindOf('support.agents')).toBe('support.agents');
    for (const unknown of ['market.week', 'kline.7.2M', 'kline.x.1M', '', 'toString', '__proto__'])
      expect(pushKindOf(unknown)).toBeNull();
  });

  it('answers the schema of a topic, none for an unknown topic', () => {
    expect(pushSchemaOf('kline.3.1H')).toBe(PUSH_SCHEMAS.kline);
    expect(pushSchemaOf('forex.trade')).toBe(ForexTradePush);
    expect(pushSchemaOf('market.week')).toBeNull();
  });

  it('does not compile with a schema that is not its kind payload (checked by tsc)', () => {
    const wrong: typeof PUSH_SCHEMAS = {
      ...PUSH_SCHEMAS,
      // @ts-expect-error the quotes' schema for the chart topics
      kline: MarketDayPush,
    };
    expect(wrong.kline).toBe(MarketDayPush);
  });
});
