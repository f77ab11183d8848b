import type { UserId } from '@meridian/domain/ids';
import type { RealNameState } from '@meridian/domain/real-name';
import type { DbOrTx } from '../../db/database';
import { latestSubmission } from './kyc.repository';

type IdentityRecord = {
  state: RealNameState;
  name: string;
  /** In full: the back office compares it with the photos (the customer sees it masked). */
  cardId: string;
  reason: string;
  submittedAt: Date | null;
  reviewedAt: Date | null;
};

/** A customer's identity record: their newest submission, `none` without any. */
export async function identityRecordOf(db: DbOrTx, userId: UserId): Promise<IdentityRecord> {
  const row = await latestSubmission(db, userId);
  if (!row) return { state: 'none', name: '', cardId: '', reason: '', submittedAt: null, reviewedAt: null };
  return {
    state: row.status as RealNameState,
    name: row.name,
    cardId: row.cardId,
    reason: row.reason ?? '',
    submittedAt: row.createdAt,
    reviewedAt: row.reviewedAt,
  };
}
