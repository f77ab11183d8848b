import {
  Proposal,
  ProposalApproval,
  ProposalIdRequest,
  ProposalList,
  ProposalListQuery,
  RejectProposalRequest,
} from '@meridian/contract/proposals-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import type { ProposalHandlers } from './proposal-handlers';
import * as service from './proposals.service';
import { staffOf } from './staff.guard';

/** Admins, and those who may propose (finance: channels); the latter see only their own proposals. */
const proposalReaders = backOfficeGroup(rolesWith('proposals.read'));
const deciders = backOfficeGroup(rolesWith('proposals.decide'));

/** Proposed control changes; under /admin/api. */
export const proposalsRoutes: FastifyPluginAsyncZod<{
  context: ServerContext;
  handlers: ProposalHandlers;
}> = async (app, { context, handlers }) => {
  app.get('/proposals/list', queryRoute(proposalReaders, ProposalListQuery, ProposalList), async (request) =>
    ok(request, await service.listProposals(context, staffOf(request), request.query)),
  );

  app.post('/proposals/approve', bodyRoute(deciders, ProposalIdRequest, ProposalApproval), async (request) =>
    ok(request, await service.approveProposal(context, staffOf(request), request.body.id, handlers)),
  );

  app.post('/proposals/reject', bodyRoute(deciders, RejectProposalRequest, Proposal), async (request) =>
    ok(request, await service.rejectProposal(context, staffOf(request), request.body)),
  );
};
