// The staff review queue's front door: the only file other areas import. The queue has no routes of
// its own; deposits, withdrawals and identity reviews each run their decisions through it.
export { foundOr, movedOrFail, nextStateOf, reviewQueued } from './review-queue';
export {
  customerRecordsPage,
  joinCustomerAndReviewer,
  lockReviewRow,
  moveReviewRow,
  type ReviewCustomer,
  reviewCustomerColumns,
  reviewerName,
  reviewListPage,
  reviewRowById,
} from './review-rows.repository';
