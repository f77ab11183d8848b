import { Skeleton } from 'antd-mobile';
import { SkeletonRows } from '../../../components/skeleton-rows';
import './billing-history.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const LEDGER_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the ledger rows while the first page loads. */
export function LedgerSkeleton() {
  return (
    <SkeletonRows count={LEDGER_SKELETON_ROWS} className="ledger-skeleton" testId="ledger-skeleton">
      <div className="ledger-row ledger-skeleton-row">
        <div className="ledger-row-text">
          <Skeleton animated className="ledger-skeleton-line ledger-skeleton-title" />
          <Skeleton animated className="ledger-skeleton-line ledger-skeleton-time" />
        </div>
        <div className="ledger-row-amounts">
          <Skeleton animated className="ledger-skeleton-line ledger-skeleton-amount" />
          <Skeleton animated className="ledger-skeleton-line ledger-skeleton-time" />
        </div>
      </div>
    </SkeletonRows>
  );
}
