import type { AuditAction } from '@meridian/contract/audit-actions';
import type { DbOrTx } from '../../db/database';
import * as repository from './staff.repository';

/** Who did something in the back office, and from where. */
export type StaffActor = { staffId: number; address: string | null };

export type AuditEntry = {
  /** One of the contract's audit actions: the back office names each in words. */
  action: AuditAction;
  /** What was acted on, as `kind:id` (`user:12`, `conversation:3`), or null. */
  target: string | null;
  details?: Record<string, unknown>;
  at: Date;
};

/**
 * Records one back-office action. Callers write it in the same transaction as the change it
 * describes, so there is never a change without its entry, nor an entry for a change rolled back.
 */
export async function recordAudit(db: DbOrTx, actor: StaffActor | null, entry: AuditEntry): Promise<void> {
  await repository.insertAuditEntry(db, {
    staffId: actor?.staffId ?? null,
    address: actor?.address ?? null,
    action: entry.action,
    target: entry.target,
    details: entry.details ?? {},
    createdAt: entry.at,
  });
}
