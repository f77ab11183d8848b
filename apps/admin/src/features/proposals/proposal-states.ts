import type { ProposalState } from '@meridian/contract/proposals-staff';

/** Each state's tag colour: waiting gold, applied green, rejected red, expired grey. */
export const STATE_COLORS: Record<ProposalState, string> = {
  pending: 'gold',
  applied: 'green',
  rejected: 'red',
  expired: 'default',
};

export const FILTERS = ['pending', 'applied', 'rejected', 'expired', 'all'] as const;
export type Filter = (typeof FILTERS)[number];

/** The list's filter from the address (`?state=`): the waiting proposals unless it names another. */
export function filterOf(state: string | null): Filter {
  return (FILTERS as readonly string[]).includes(state ?? '') ? (state as Filter) : 'pending';
}

/** A rejection sent: the reason only when one was written, without its surrounding spaces. */
export function rejection(id: number, reason: string): { id: number; reason?: string } {
  return { id, ...(reason.trim() ? { reason: reason.trim() } : {}) };
}
