import { describe, expect, it } from 'vitest';
import { ltr } from '../../../lib/bidi';
import { instrumentFixture, quotationFixture } from '../../../testing/market-fixtures';
import { checkDraft, firstIssue } from './order-checks';
import { initialDraft, type OrderDraft, type OrderPricing } from './order-draft';

const BTC = instrumentFixture({
  Id: 13,
  Code: 'BTCUSDT',
  PricePrecision: 2,
  Pip: '0.01',
  ForexMinCont: '0.01',
  ForexMaxCont: '20',
  ForexContNum: '1',
  ForexFeeRate: '25',
  HasForexMultiple: [{ Value: 2 }, { Value: 10 }],
  ForexQuotations: quotationFixture('100000.00'),
});
const PRICING: OrderPricing = {
  quote: { bid: '99980.00', ask: '100020.00' },
  conversion: { kind: 'same' },
  marketOpen: true,
  pricesPaused: null,
};

function draft(patch: Partial<OrderDraft> = {}): OrderDraft {
  return { ...initialDraft(BTC, 'buy'), ...patch };
}

describe('checkDraft', () => {
  it('accepts a fresh market buy at the minimum lots and first leverage, opening at the ask', () => {
    const checked = checkDraft(draft(), BTC, PRICING, { complete: true });
    expect(checked.issues).toEqual({});
    expect(checked.lots).toBe('0.01');
    expect(checked.leverage).toBe(2);
    expect(checked.opensAt).toBe('100020.00');
  });

  it('opens a market sell at the bid', () => {
    expect(checkDraft(draft({ side: 'sell' }), BTC, PRICING, { complete: true }).opensAt).toBe('99980.00');
  });

  it('refuses lots off the Pip step, below the minimum and above the maximum, with the domain message', () => {
    expect(checkDraft(draft({ lots: '0.015' }), BTC, PRICING, { complete: true }).issues.lots).toEqual({
      key: 'orderRules.lots_step',
      params: { step: ltr('0.01') },
    });
    expect(checkDraft(draft({ lots: '0' }), BTC, PRICING, { complete: true }).issues.lots?.key).toBe(
      'orderRules.lots_positive',
    );
    expect(checkDraft(draft({ lots: '21' }), BTC, PRICING, { complete: true }).issues.lots).toEqual({
      key: 'orderRules.lots_above_maximum',
      params: { max: ltr('20') },
    });
  });

  it('asks for the target of a pending order only once the customer submits', () => {
    const pending = draft({ entry: 'pending' });
    expect(checkDraft(pending, BTC, PRICING, { complete: false }).issues.target).toBeUndefined();
    expect(checkDraft(pending, BTC, PRICING, { complete: true }).issues.target?.key).toBe(
      'orderRules.target_required',
    );
  });

  it('wants a pending buy below the ask and a pending sell above the bid; the target is the open price', () => {
    const buyAbove = checkDraft(draft({ entry: 'pending', target: '100020' }), BTC, PRICING, {
      complete: true,
    });
    expect(buyAbove.issues.target).toEqual({
      key: 'orderRules.target_buy_below_ask',
      params: { field: 'target_price', price: ltr('100,020.00') },
    });
    const buyBelow = checkDraft(draft({ entry: 'pending', target: '95000' }), BTC, PRICING, {
      complete: true,
    });
    expect(buyBelow.issues).toEqual({});
    expect(buyBelow.opensAt).toBe('95000.00');
    const sell = checkDraft(draft({ side: 'sell', entry: 'pending', target: '99980' }), BTC, PRICING, {
      complete: true,
    });
    expect(sell.issues.target?.key).toBe('orderRules.target_sell_above_bid');
  });

  it('checks both stops at once against the open and current prices', () => {
    // A buy: stop-loss below the bid it would close at, take-profit above the ask it opens at.
    const wrong = checkDraft(draft({ stopLoss: '99990', takeProfit: '100010' }), BTC, PRICING, {
      complete: true,
    });
    expect(wrong.issues.stopLoss?.key).toBe('orderRules.stop_loss_buy_below');
    expect(wrong.issues.takeProfit?.key).toBe('orderRules.take_profit_buy_above');
    const right = checkDraft(draft({ stopLoss: '99000', takeProfit: '101000' }), BTC, PRICING, {
      complete: true,
    });
    expect(right.issues).toEqual({});
  });

  it('treats empty and 0 stops as unset, and refuses more places than the instrument quotes', () => {
    expect(
      checkDraft(draft({ stopLoss: '0', takeProfit: '' }), BTC, PRICING, { complete: true }).issues,
    ).toEqual({});
    expect(
      checkDraft(draft({ takeProfit: '101000.123' }), BTC, PRICING, { complete: true }).issues.takeProfit,
    ).toEqual({
      key: 'orderRules.price_precision',
      params: { field: 'target_profit_price', places: ltr('2') },
    });
  });

  it('refuses a stop or a target outside the band around the price, naming its ends as prices', () => {
    // A buy closes at the bid 99980.00: its stops lie within 999.80 to 9998000.00.
    const far = checkDraft(draft({ takeProfit: '1000000000000000' }), BTC, PRICING, { complete: true });
    expect(far.issues.takeProfit).toEqual({
      key: 'orderRules.price_out_of_band',
      params: { field: 'target_profit_price', min: ltr('999.80'), max: ltr('9,998,000.00') },
    });
    const target = checkDraft(draft({ entry: 'pending', target: '1000.19' }), BTC, PRICING, {
      complete: true,
    });
    expect(target.issues.target).toEqual({
      key: 'orderRules.price_out_of_band',
      params: { field: 'target_price', min: ltr('1,000.20'), max: ltr('10,002,000.00') },
    });
  });

  it('says no leverage is configured for a leveraged instrument without options', () => {
    const bare = { ...BTC, HasForexMultiple: [] };
    const checked = checkDraft(initialDraft(bare, 'buy'), bare, PRICING, { complete: true });
    expect(checked.issues.leverage?.key).toBe('orderRules.leverage_not_configured');
    expect(firstIssue(checked.issues)?.key).toBe('orderRules.leverage_not_configured');
  });

  it('needs no leverage on a fixed-margin instrument', () => {
    const fixed = { ...BTC, MarginMode: 1, HasForexMultiple: [] };
    const checked = checkDraft(initialDraft(fixed, 'buy'), fixed, PRICING, { complete: true });
    expect(checked.issues).toEqual({});
    expect(checked.leverage).toBeNull();
  });

  it('has no open price while the instrument has no quote', () => {
    const checked = checkDraft(draft(), BTC, { ...PRICING, quote: null }, { complete: true });
    expect(checked.opensAt).toBeNull();
  });
});
