import type {
  Proposal,
  ProposalApproval,
  ProposalList,
  ProposalListQuery,
  ProposalOutcome,
} from '@meridian/contract/proposals-staff';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from './api-client';

// Proposed control changes: the calls, shared by the Proposals screen and the
// screens that propose (channels, settings, staff), which show what waits on their items.

export const PROPOSALS_KEY = ['proposals'] as const;

type ListFilter = Partial<Pick<ProposalListQuery, 'state' | 'target' | 'page' | 'limit' | 'sort' | 'order'>>;

/** GET /admin/api/proposals/list: pending first, oldest first; then decided ones, newest first. */
export function useProposals(filter: ListFilter, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: [...PROPOSALS_KEY, filter],
    queryFn: () => adminApi<ProposalList>('GET', '/proposals/list', filter),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

/** The pending proposals, by target (`deposit_channel:3`), for the screens that show them on their items. */
export function usePendingByTarget(enabled: boolean): Map<string, Proposal[]> {
  const pending = useProposals({ state: 'pending', limit: 50 }, { enabled });
  const byTarget = new Map<string, Proposal[]>();
  for (const proposal of pending.data?.list ?? [])
    byTarget.set(proposal.target, [...(byTarget.get(proposal.target) ?? []), proposal]);
  return byTarget;
}

export const approveProposal = (input: { id: number }) =>
  adminApi<ProposalApproval>('POST', '/proposals/approve', input);

export const rejectProposal = (input: { id: number; reason?: string }) =>
  adminApi<Proposal>('POST', '/proposals/reject', input);

/** Whether a change's answer says it awaits a second admin (else it applied). */
export const isProposed = (outcome: ProposalOutcome): boolean => outcome.status === 'proposed';
