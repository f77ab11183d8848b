import { describe, expect, it } from 'vitest';
import { AnnouncedOrders, endedMessageKey } from './order-ended-message';

describe('endedMessageKey', () => {
  it('names why a position closed', () => {
    expect(endedMessageKey({ state: 'closed', reason: 'user' })).toBe('orders.ended.byUser');
    expect(endedMessageKey({ state: 'closed', reason: 'stop_loss' })).toBe('orders.ended.byStopLoss');
    expect(endedMessageKey({ state: 'closed', reason: 'take_profit' })).toBe('orders.ended.byTakeProfit');
    expect(endedMessageKey({ state: 'closed', reason: 'stop_out' })).toBe('orders.ended.byStopOut');
    expect(endedMessageKey({ state: 'closed', reason: 'trader_closed' })).toBe('orders.ended.byTrader');
    expect(endedMessageKey({ state: 'closed', reason: 'copy_stopped' })).toBe('orders.ended.byCopyStopped');
  });

  it('says a pending order was cancelled', () => {
    expect(endedMessageKey({ state: 'cancelled', reason: 'user' })).toBe('orders.ended.cancelled');
  });

  it('stays quiet for a demo reset, which has its own message', () => {
    expect(endedMessageKey({ state: 'closed', reason: 'demo_reset' })).toBeNull();
    expect(endedMessageKey({ state: 'cancelled', reason: 'demo_reset' })).toBeNull();
  });
});

describe('AnnouncedOrders', () => {
  it('lets an order be announced once, remembering only the latest ones', () => {
    const announced = new AnnouncedOrders(2);
    expect(announced.claim(1)).toBe(true);
    expect(announced.claim(1)).toBe(false);
    expect(announced.claim(2)).toBe(true);
    expect(announced.claim(3)).toBe(true);
    // 1 has left the memory of 2.
    expect(announced.claim(1)).toBe(true);
  });
});
