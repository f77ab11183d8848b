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
type MoneyFigures = Pick<Dashboard, 'deposits' | 'withdrawals'>;

type MoneyCard = {
  className: string;
  titleKey: string;
  figure: (dashboard: MoneyFigures) => MoneyFigure;
};

/** A money card of a stage of deposits or withdrawals: "stat-deposits-credited", "dashboard.depositsCredited". */
function moneyCard(
  group: 'deposits' | 'withdrawals',
  stage: string,
  figure: (dashboard: MoneyFigures) => MoneyFigure,
): MoneyCard {
  const stageWord = `${stage.charAt(0).toUpperCase()}${stage.slice(1)}`;
  return { className: `stat-${group}-${stage}`, titleKey: `dashboard.${group}${stageWord}`, figure };
}

/** Today's money: the count and the USDT of deposits and withdrawals at two stages each. */
export const MONEY_CARDS: readonly MoneyCard[] = [
  moneyCard('deposits', 'submitted', (dashboard) => dashboard.deposits.submitted),
  moneyCard('deposits', 'credited', (dashboard) => dashboard.deposits.credited),
  moneyCard('withdrawals', 'requested', (dashboard) => dashboard.withdrawals.requested),
  moneyCard('withdrawals', 'paid', (dashboard) => dashboard.withdrawals.paid),
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
