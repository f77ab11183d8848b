import {
  Proposal,
  ProposalApproval,
  ProposalIdRequest,
  ProposalList,
  ProposalListQuery,
  RejectProposalRequest,
} from '@meridian/contract/proposals-staff';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { staffRoutesWith } from '../../http/back-office-group';
import { registerRoutes } from '../../http/route-table';
import type { ProposalHandlers } from './proposal-handlers';
import * as service from './proposals.service';

/** Admins, and those who may propose (finance: channels); the latter see only their own proposals. */
const proposalReaders = staffRoutesWith('proposals.read');
const deciders = staffRoutesWith('proposals.decide');

/** Proposed control changes; under /admin/api. */
export const proposalsRoutes: FastifyPluginAsyncZod<{
  context: ServerContext;
  handlers: ProposalHandlers;
}> = async (app, { context, handlers }) =>
  registerRoutes(app, context, [
    proposalReaders.get('/proposals/list', ProposalListQuery, ProposalList, service.listProposals),
    deciders.post('/proposals/approve', ProposalIdRequest, ProposalApproval, (context, staff, { id }) =>
      service.approveProposal(context, staff, id, handlers),
    ),
    deciders.post('/proposals/reject', RejectProposalRequest, Proposal, service.rejectProposal),
  ]);
