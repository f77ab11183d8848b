import type { ProposalFields, ProposalKind } from '@meridian/contract/proposals-staff';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import type { StaffActor } from './audit';

/** What applying a proposal leaves to do: events once committed, and an account's one-time link. */
export type AppliedProposal = {
  afterCommit?: () => void;
  enrolment?: { path: string; expiresAt: string };
};

/**
 * How one kind of proposal reads and changes its target. The area that owns the target provides it
 * (funds the channels, settings the settings, the back office the staff accounts), so the proposals
 * never reach into another area's tables.
 */
export type ProposalHandler = {
  /**
   * The target's fields named in `fields` as they stand now, the target locked for the transaction;
   * undefined when the target is gone. An approval applies only when this equals the proposal's
   * `before`.
   */
  current(tx: DbOrTx, target: string, fields: readonly string[]): Promise<ProposalFields | undefined>;
  /** Writes `after` to the target with its own audit entry (naming the proposal), in `tx`. */
  apply(
    context: ServerContext,
    tx: DbOrTx,
    change: { proposalId: number; target: string; after: ProposalFields; at: Date },
    approver: StaffActor,
  ): Promise<AppliedProposal>;
};

export type ProposalHandlers = Partial<Record<ProposalKind, ProposalHandler>>;

/** The id in a target named `kind:id`; undefined when it is not one (a programmer error upstream). */
export function targetId(target: string): number | undefined {
  const id = Number(target.slice(target.indexOf(':') + 1));
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** Whether the target still has the fields the proposal saw: the same names and the same values. */
export function sameFields(a: ProposalFields, b: ProposalFields): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => b[key] === a[key]);
}
