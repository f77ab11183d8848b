import type {
  Proposal,
  ProposalApproval,
  ProposalFields,
  ProposalKind,
  ProposalList,
  ProposalListQuery,
  RejectProposalRequest,
} from '@meridian/contract/proposals-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import { getNumberSetting } from '../settings/settings.public';
import { recordAudit } from './audit';
import { answeredPage, listAuditEntry, listWindow } from './list-window';
import { type AppliedProposal, type ProposalHandlers, sameFields } from './proposal-handlers';
import * as repository from './proposals.repository';
import { type AuthenticatedStaff, actorOf, requirePermission } from './staff.service';

// Control changes under a second admin. The call that asks for a change checks it
// and records it here; a different admin applies it by approving it, in one transaction with the
// change, under the proposal's row lock (two approvals: the second finds it decided).

const HOUR_MS = 60 * 60 * 1000;

type ProposedChange = {
  kind: ProposalKind;
  target: string;
  targetLabel: string;
  before: ProposalFields;
  after: ProposalFields;
};

/**
 * Records a proposed change, with its audit entry, in the caller's transaction; answers its id. The
 * caller checked the proposer's permission and the new values; nothing of the target changes here.
 */
export async function proposeChange(
  context: ServerContext,
  tx: DbOrTx,
  staff: AuthenticatedStaff,
  change: ProposedChange,
): Promise<number> {
  if (sameFields(change.before, change.after)) throw new Rejection('error.nothing_to_change');
  const at = context.clock.now();
  const hours = await getNumberSetting(tx, 'proposal_expiry_hours');
  const row = await repository.insertProposal(tx, {
    kind: change.kind,
    target: change.target,
    targetLabel: change.targetLabel,
    before: change.before,
    after: change.after,
    proposedBy: staff.id,
    proposedAt: at,
    expiresAt: new Date(at.getTime() + hours * HOUR_MS),
  });
  await recordAudit(tx, actorOf(staff), {
    action: 'proposals.propose',
    target: `proposal:${row.id}`,
    details: { kind: change.kind, object: change.target, before: change.before, after: change.after },
    at,
  });
  return row.id;
}

/** Pending proposals whose time ran out become expired, each with an audit entry (no staff: the clock did it). */
async function expireDue(context: ServerContext): Promise<void> {
  const at = context.clock.now();
  await context.db.transaction(async (tx) => {
    for (const row of await repository.expireDueProposals(tx, at)) {
      await recordAudit(tx, null, {
        action: 'proposals.expire',
        target: `proposal:${row.id}`,
        details: { kind: row.kind, object: row.target, expires_at: row.expiresAt.toISOString() },
        at,
      });
    }
  });
}

function proposalView(row: repository.ProposalListRow): Proposal {
  return {
    id: row.id,
    kind: row.kind as ProposalKind,
    target: row.target,
    target_label: row.targetLabel,
    before: row.before,
    after: row.after,
    state: row.state as Proposal['state'],
    proposed_by: { id: row.proposedBy, name: row.proposerName },
    proposed_at: row.proposedAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    decided_by: row.decidedBy === null ? null : { id: row.decidedBy, name: row.deciderName ?? '' },
    decided_at: row.decidedAt?.toISOString() ?? '',
    reason: row.reason,
  };
}

async function viewOf(context: ServerContext, id: number): Promise<Proposal> {
  const row = await repository.findProposal(context.db, id);
  if (!row) throw new Error(`proposal ${id} vanished`);
  return proposalView(row);
}

/** Admins see every proposal; any other staff member only their own (their state). */
export async function listProposals(
  context: ServerContext,
  staff: AuthenticatedStaff,
  query: ProposalListQuery,
): Promise<ProposalList> {
  await expireDue(context);
  const window = listWindow(query);
  const { rows, total } = await repository.listProposals(
    context.db,
    {
      state: query.state === 'all' ? undefined : query.state,
      proposedBy: staffMay(staff.role, 'proposals.decide') ? undefined : staff.id,
      target: query.target || undefined,
    },
    { offset: window.offset, limit: window.limit, sort: window.sort },
  );
  if (window.exporting) {
    const filters = { state: query.state, target: query.target ?? null };
    const entry = { action: 'staff.list_export', list: 'proposals', target: null, details: filters } as const;
    await recordAudit(
      context.db,
      actorOf(staff),
      listAuditEntry(window, entry, { rows: rows.length, total }, context.clock.now()),
    );
  }
  return { list: rows.map(proposalView), total, ...answeredPage(window, query) };
}

/** A pending proposal another admin made, locked: the checks every decision shares. */
async function decidable(
  tx: DbOrTx,
  staff: AuthenticatedStaff,
  id: number,
  at: Date,
): Promise<repository.ProposalRow> {
  const row = await repository.lockProposal(tx, id);
  if (!row) throw new Rejection('error.proposal_not_found');
  if (row.state === 'expired' || (row.state === 'pending' && row.expiresAt <= at))
    throw new Rejection('error.proposal_expired');
  if (row.state !== 'pending') throw new Rejection('error.proposal_decided');
  if (row.proposedBy === staff.id) throw new Rejection('error.proposal_own');
  return row;
}

/**
 * Opens a decision: the decider must hold the permission, and proposals past their expiry expire
 * first (an expired one is not decided). Answers the moment the decision is taken.
 */
async function decisionMoment(context: ServerContext, staff: AuthenticatedStaff): Promise<Date> {
  await requirePermission(context, staff, 'proposals.decide');
  await expireDue(context);
  return context.clock.now();
}

/**
 * A different admin approves: the target must still be as the proposal saw it, then the change and
 * the proposal's new state are written in one transaction, exactly once.
 */
export async function approveProposal(
  context: ServerContext,
  staff: AuthenticatedStaff,
  id: number,
  handlers: ProposalHandlers,
): Promise<ProposalApproval> {
  const at = await decisionMoment(context, staff);
  const applied: AppliedProposal = await context.db.transaction(async (tx) => {
    const row = await decidable(tx, staff, id, at);
    const handler = handlers[row.kind as ProposalKind];
    if (!handler) throw new Error(`no handler for proposals of kind ${row.kind}`);
    const current = await handler.current(tx, row.target, Object.keys(row.after));
    if (!current || !sameFields(row.before, current)) throw new Rejection('error.proposal_stale');
    const outcome = await handler.apply(
      context,
      tx,
      { proposalId: row.id, target: row.target, after: row.after, at },
      actorOf(staff),
    );
    if (
      !(await repository.decideProposal(tx, row.id, { state: 'applied', decidedBy: staff.id, decidedAt: at }))
    )
      throw new Error(`proposal ${row.id} changed under its row lock`);
    await recordAudit(tx, actorOf(staff), {
      action: 'proposals.approve',
      target: `proposal:${row.id}`,
      details: { kind: row.kind, object: row.target, before: row.before, after: row.after },
      at,
    });
    return outcome;
  });
  applied.afterCommit?.();
  return {
    proposal: await viewOf(context, id),
    enrolment_path: applied.enrolment?.path ?? '',
    enrolment_expires_at: applied.enrolment?.expiresAt ?? '',
  };
}

/** A different admin rejects: nothing of the target changes; the proposer sees the reason. */
export async function rejectProposal(
  context: ServerContext,
  staff: AuthenticatedStaff,
  request: RejectProposalRequest,
): Promise<Proposal> {
  const at = await decisionMoment(context, staff);
  const reason = request.reason ?? '';
  await context.db.transaction(async (tx) => {
    const row = await decidable(tx, staff, request.id, at);
    await repository.decideProposal(tx, row.id, {
      state: 'rejected',
      decidedBy: staff.id,
      decidedAt: at,
      reason,
    });
    await recordAudit(tx, actorOf(staff), {
      action: 'proposals.reject',
      target: `proposal:${row.id}`,
      details: { kind: row.kind, object: row.target, before: row.before, after: row.after, reason },
      at,
    });
  });
  return viewOf(context, request.id);
}
