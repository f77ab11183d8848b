import { describe, expect, it } from 'vitest';
import { instrumentFixture } from '../../../testing/market-fixtures';
import { checkDraft } from './order-checks';
import { initialDraft, type OrderDraft, type OrderPricing, type OrderTerms } from './order-draft';
import { previewOrder } from './order-preview';

const BTC: OrderTerms = instrumentFixture({
  Id: 13,
  Code: 'BTCUSDT',
  PricePrecision: 2,
  ForexContNum: '1',
  ForexFeeRate: '25',
  HasForexMultiple: [{ Value: 10 }],
});
const USDJPY: OrderTerms = instrumentFixture({
  Id: 3,
  Code: 'USDJPY',
  PricePrecision: 3,
  ForexContNum: '100000',
  ForexFeeRate: '7',
  HasForexMultiple: [{ Value: 100 }],
});
const PRICING: OrderPricing = {
  quote: { bid: '103464.91', ask: '103476.65' },
  conversion: { kind: 'same' },
  marketOpen: true,
  pricesPaused: null,
};

function preview(
  terms: OrderTerms,
  patch: Partial<OrderDraft>,
  options: { pricing?: OrderPricing; feeType?: number; balance?: string } = {},
) {
  const pricing = options.pricing ?? PRICING;
  const checked = checkDraft({ ...initialDraft(terms, 'buy'), ...patch }, terms, pricing, {
    complete: false,
  });
  return previewOrder({
    checked,
    terms,
    pricing,
    feeType: 'feeType' in options ? options.feeType : 1,
    balance: 'balance' in options ? options.balance : '100000',
  });
}

describe('previewOrder', () => {
  it('prices a market buy as the server charges it: lots x units x ask / leverage, fee per lot', () => {
    // The server's answer for this order: CautionMoney 103.476650, TradeFee 0.250000.
    const result = preview(BTC, { lots: '0.01' });
    expect(result.margin).toBe('103.476650');
    expect(result.fee).toBe('0.250000');
    expect(result.required).toBe('103.72665');
    expect(result.available).toBe('100000');
    expect(result.insufficient).toBe(false);
  });

  it('charges the fee as a share of the margin when trade_fee_type is not 1', () => {
    const result = preview({ ...BTC, ForexFeeRate: '0.001' }, { lots: '0.01' }, { feeType: 2 });
    expect(result.fee).toBe('0.103477');
  });

  it('scales the margin linearly in lots and inversely in leverage', () => {
    const one = preview(BTC, { lots: '0.01', leverage: 10 });
    const ten = preview(BTC, { lots: '0.1', leverage: 10 });
    const lower = preview({ ...BTC, HasForexMultiple: [{ Value: 5 }] }, { lots: '0.01', leverage: 5 });
    expect(ten.margin).toBe('1034.766500');
    expect(one.margin).toBe('103.476650');
    expect(lower.margin).toBe('206.953300');
  });

  it('prices a pending order at its target', () => {
    expect(preview(BTC, { entry: 'pending', target: '100000' }).margin).toBe('100.000000');
  });

  it('converts a yen-quoted margin by dividing by USD/JPY', () => {
    const pricing: OrderPricing = {
      quote: { bid: '151.190', ask: '151.210' },
      conversion: { kind: 'divide', price: '151.200' as never },
      marketOpen: true,
      pricesPaused: null,
    };
    // 0.01 x 100000 x 151.210 / (100 x 151.200) = 10.000661...
    expect(preview(USDJPY, { lots: '0.01' }, { pricing }).margin).toBe('10.000661');
  });

  it('flags a balance that does not cover margin plus fee', () => {
    const result = preview(BTC, { lots: '1' }, { balance: '1000' });
    expect(result.required).toBe('10372.665');
    expect(result.insufficient).toBe(true);
  });

  it('shows nothing it cannot know: bad lots, no conversion, no fee rule, no balance', () => {
    expect(preview(BTC, { lots: '0.015' }).margin).toBeNull();
    expect(preview(BTC, {}, { pricing: { ...PRICING, conversion: undefined } }).margin).toBeNull();
    const noFeeRule = preview(BTC, {}, { feeType: undefined });
    expect(noFeeRule.margin).not.toBeNull();
    expect(noFeeRule.fee).toBeNull();
    expect(noFeeRule.required).toBeNull();
    const visitor = preview(BTC, {}, { balance: undefined });
    expect(visitor.available).toBeNull();
    expect(visitor.insufficient).toBe(false);
  });
});
