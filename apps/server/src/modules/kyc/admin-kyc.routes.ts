import {
  ReviewSubmissionRequest,
  StaffSubmission,
  StaffSubmissionPage,
  SubmissionIdQuery,
  SubmissionListQuery,
  SubmissionPhotos,
} from '@meridian/contract/kyc-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './kyc-review.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const identityReviewers = backOfficeGroup(rolesWith('kyc.review'));

/** The identity review (role compliance); mounted under /admin/api behind the staff guard. */
export const kycBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/kyc/submissions',
    queryRoute(identityReviewers, SubmissionListQuery, StaffSubmissionPage),
    async (request) => ok(request, await service.listSubmissions(context, staffOf(request), request.query)),
  );

  app.get(
    '/kyc/photos',
    queryRoute(identityReviewers, SubmissionIdQuery, SubmissionPhotos),
    async (request) =>
      ok(request, await service.submissionPhotos(context, staffOf(request), request.query.id)),
  );

  app.post(
    '/kyc/review',
    bodyRoute(identityReviewers, ReviewSubmissionRequest, StaffSubmission),
    async (request) => ok(request, await service.reviewSubmission(context, staffOf(request), request.body)),
  );
};
