import { envelope } from '@meridian/contract/envelope';
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
import { ok } from '../../http/envelope';
import type { ProposalHandlers } from './proposal-handlers';
import * as service from './proposals.service';
import { staffOf } from './staff.guard';

const tags = ['back office'];
const security = [{ token: [] }];
/** Admins, and those who may propose (finance: channels); the latter see only their own proposals. */
const proposalReaders = rolesWith('proposals.read');
const deciders = rolesWith('proposals.decide');

/** Proposed control changes; under /admin/api. */
export const proposalsRoutes: FastifyPluginAsyncZod<{
  context: ServerContext;
  handlers: ProposalHandlers;
}> = async (app, { context, handlers }) => {
  app.get(
    '/proposals/list',
    {
      config: { staffRoles: proposalReaders },
      schema: { tags, security, querystring: ProposalListQuery, response: { 200: envelope(ProposalList) } },
    },
    async (request) => ok(request, await service.listProposals(context, staffOf(request), request.query)),
  );

  app.post(
    '/proposals/approve',
    {
      config: { staffRoles: deciders },
      schema: { tags, security, body: ProposalIdRequest, response: { 200: envelope(ProposalApproval) } },
    },
    async (request) =>
      ok(request, await service.approveProposal(context, staffOf(request), request.body.id, handlers)),
  );

  app.post(
    '/proposals/reject',
    {
      config: { staffRoles: deciders },
      schema: { tags, security, body: RejectProposalRequest, response: { 200: envelope(Proposal) } },
    },
    async (request) => ok(request, await service.rejectProposal(context, staffOf(request), request.body)),
  );
};
