import {
  ReviewSubmissionRequest,
  StaffSubmission,
  StaffSubmissionPage,
  SubmissionIdQuery,
  SubmissionListQuery,
  SubmissionPhotos,
} from '@meridian/contract/kyc-staff';
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as service from './kyc-review.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const identityReviewers = staffRoutesWith('kyc.review');

/** The identity review (role compliance); mounted under /admin/api behind the staff guard. */
export const kycBackOfficeRoutes = routeTable([
  identityReviewers.get(
    '/kyc/submissions',
    SubmissionListQuery,
    StaffSubmissionPage,
    service.listSubmissions,
  ),
  identityReviewers.get('/kyc/photos', SubmissionIdQuery, SubmissionPhotos, (context, staff, { id }) =>
    service.submissionPhotos(context, staff, id),
  ),
  identityReviewers.post('/kyc/review', ReviewSubmissionRequest, StaffSubmission, service.reviewSubmission),
]);
