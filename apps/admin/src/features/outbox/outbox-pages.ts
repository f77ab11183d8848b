import type { OutboxStatus } from '@meridian/contract/outbox-staff';

/** Each delivery state's tag colour: waiting blue, sending orange, sent green, failed red. */
export const STATUS_COLORS: Record<OutboxStatus, string> = {
  pending: 'blue',
  sending: 'orange',
  sent: 'green',
  failed: 'red',
};

/**
 * The total the pager is given for a list answered without one: the rows up to this page's, and
 * one more when another page follows (so the pager offers it); 0 before the first answer.
 */
export function pagerTotal(
  page: number,
  pageSize: number,
  answer: { list: readonly unknown[]; has_more: boolean } | undefined,
): number {
  return answer ? (page - 1) * pageSize + answer.list.length + (answer.has_more ? 1 : 0) : 0;
}
