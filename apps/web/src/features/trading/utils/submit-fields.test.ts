import { describe, expect, it } from 'vitest';
import { instrumentFixture } from '../../../testing/market-fixtures';
import { checkDraft } from './order-checks';
import { initialDraft, type OrderDraft, type OrderPricing } from './order-draft';
import { toSubmitFields } from './submit-fields';

const BTC = instrumentFixture({
  Id: 13,
  Code: 'BTCUSDT',
  PricePrecision: 2,
  HasForexMultiple: [{ Value: 10 }],
});
const PRICING: OrderPricing = {
  quote: { bid: '99980.00', ask: '100020.00' },
  conversion: { kind: 'same' },
  marketOpen: true,
  pricesPaused: null,
};

function fields(patch: Partial<OrderDraft>, terms = BTC) {
  const draft = { ...initialDraft(terms, 'buy'), ...patch };
  return toSubmitFields(terms.Id, draft, checkDraft(draft, terms, PRICING, { complete: true }));
}

describe('toSubmitFields', () => {
  it('sends a market buy as the spec names it: type 1, status 1, cont, forex_id, multiple', () => {
    expect(fields({ lots: '0.05' })).toEqual({
      type: 1,
      status: 1,
      cont: '0.05',
      forex_id: 13,
      multiple: '10',
    });
  });

  it('sends a pending sell with its target and stops', () => {
    expect(
      fields({ side: 'sell', entry: 'pending', target: '101000', stopLoss: '102000', takeProfit: '99000' }),
    ).toEqual({
      type: 2,
      status: 0,
      cont: '0.01',
      forex_id: 13,
      multiple: '10',
      target_price: '101000',
      stop_loss_price: '102000',
      target_profit_price: '99000',
    });
  });

  it('sends no leverage for a fixed-margin instrument', () => {
    const fixed = { ...BTC, MarginMode: 1, HasForexMultiple: [] };
    expect(fields({}, fixed)).not.toHaveProperty('multiple');
  });
});
