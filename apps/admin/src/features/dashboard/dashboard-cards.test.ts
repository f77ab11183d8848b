import type { Dashboard } from '@meridian/contract/back-office';
import { describe, expect, it } from 'vitest';
import { MONEY_CARDS, netPosition, QUEUE_CARDS } from './dashboard-cards';

describe('netPosition', () => {
  it('reads short below zero, flat at a shown 0, long otherwise, with the lots unsigned', () => {
    expect(netPosition('-1.50000000', '-1.5')).toEqual({
      color: 'red',
      labelKey: 'dashboard.netShort',
      lots: '1.5',
    });
    expect(netPosition('0.00000000', '0')).toEqual({
      color: 'default',
      labelKey: 'dashboard.flat',
      lots: '0',
    });
    expect(netPosition('2.25', '2.25')).toEqual({
      color: 'green',
      labelKey: 'dashboard.netLong',
      lots: '2.25',
    });
  });
});

describe('the cards', () => {
  it('link each queue to its screen for those who may work it', () => {
    expect(QUEUE_CARDS.map((card) => [card.queue, card.to, card.permission])).toEqual([
      ['identity', '/identity', 'kyc.review'],
      ['deposits', '/deposits', 'funds.review'],
      ['withdrawals', '/withdrawals', 'funds.review'],
      ['support', '/support', 'support.read'],
    ]);
  });

  it("show today's money at its four stages, in order", () => {
    const figure = (count: number) => ({ count, usdt: `${count}.00` });
    const money: Pick<Dashboard, 'deposits' | 'withdrawals'> = {
      deposits: { submitted: figure(1), credited: figure(2) },
      withdrawals: { requested: figure(3), paid: figure(4) },
    };
    expect(MONEY_CARDS.map((card) => [card.className, card.titleKey, card.figure(money).count])).toEqual([
      ['stat-deposits-submitted', 'dashboard.depositsSubmitted', 1],
      ['stat-deposits-credited', 'dashboard.depositsCredited', 2],
      ['stat-withdrawals-requested', 'dashboard.withdrawalsRequested', 3],
      ['stat-withdrawals-paid', 'dashboard.withdrawalsPaid', 4],
    ]);
  });
});
