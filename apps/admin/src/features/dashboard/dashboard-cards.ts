import type { Dashboard } from '@meridian/contract/back-office';
import type { StaffPermission } from '@meridian/domain/staff-roles';

/**
 * The dashboard's cards as data: which queue links where and for whom, which figure of today's
 * money each card shows, and how a net position reads. The page draws them in this order.
 */

type Queue = keyof Dashboard['pending'];

/** What waits for staff: each queue's screen, linked for those who may work it. */
export const QUEUE_CARDS: readonly { queue: Queue; to: string; permission: StaffPermission }[] = [
  { queue: 'identity', to: '/identity', permission: 'kyc.review' },
  { queue: 'deposits', to: '/deposits', permission: 'funds.review' },
  { queue: 'withdrawals', to: '/withdrawals', permission: 'funds.review' },
  { queue: 'support', to: '/support', permission: 'support.read' },
];

type MoneyFigure = Dashboard['deposits']['submitted'];

/** Today's money: the count and the USDT of deposits and withdrawals at two stages each. */
export const MONEY_CARDS: readonly {
  className: string;
  titleKey: string;
  figure: (dashboard: Pick<Dashboard, 'deposits' | 'withdrawals'>) => MoneyFigure;
}[] = [
  {
    className: 'stat-deposits-submitted',
    titleKey: 'dashboard.depositsSubmitted',
    figure: (dashboard) => dashboard.deposits.submitted,
  },
  {
    className: 'stat-deposits-credited',
    titleKey: 'dashboard.depositsCredited',
    figure: (dashboard) => dashboard.deposits.credited,
  },
  {
    className: 'stat-withdrawals-requested',
    titleKey: 'dashboard.withdrawalsRequested',
    figure: (dashboard) => dashboard.withdrawals.requested,
  },
  {
    className: 'stat-withdrawals-paid',
    titleKey: 'dashboard.withdrawalsPaid',
    figure: (dashboard) => dashboard.withdrawals.paid,
  },
];

/**
 * How an instrument's net lots read: short (red) below zero, flat when they show as 0, long (green)
 * otherwise; the lots without their sign, the tag says the side.
 */
export function netPosition(
  net: string,
  shown: string,
): { color: 'red' | 'default' | 'green'; labelKey: string; lots: string } {
  const lots = shown.replace(/^-/, '');
  if (net.startsWith('-')) return { color: 'red', labelKey: 'dashboard.netShort', lots };
  if (shown === '0') return { color: 'default', labelKey: 'dashboard.flat', lots };
  return { color: 'green', labelKey: 'dashboard.netLong', lots };
}
