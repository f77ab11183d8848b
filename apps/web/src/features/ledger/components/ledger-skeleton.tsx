import { Skeleton } from 'antd-mobile';
import './billing-history.css';

/** Spec section 9: a skeleton list of 10 rows. */
export const LEDGER_SKELETON_ROWS = 10;

/** Stand-in rows shaped like the ledger rows while the first page loads. */
export function LedgerSkeleton() {
  return (
    <div className="ledger-skeleton" aria-busy="true" data-testid="ledger-skeleton">
      {Array.from({ length: LEDGER_SKELETON_ROWS }, (_, index) => (
        // The rows are identical and never reorder; the index is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above.
        <div key={index} className="ledger-row ledger-skeleton-row">
          <div className="ledger-row-text">
            <Skeleton animated className="ledger-skeleton-line ledger-skeleton-title" />
            <Skeleton animated className="ledger-skeleton-line ledger-skeleton-time" />
          </div>
          <div className="ledger-row-amounts">
            <Skeleton animated className="ledger-skeleton-line ledger-skeleton-amount" />
            <Skeleton animated className="ledger-skeleton-line ledger-skeleton-time" />
          </div>
        </div>
      ))}
    </div>
  );
}
