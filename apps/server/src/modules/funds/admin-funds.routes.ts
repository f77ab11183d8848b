import { envelope } from '@meridian/contract/envelope';
import {
  ApproveDepositRequest,
  InvalidDepositRequest,
  PayWithdrawalRequest,
  RejectDepositRequest,
  RejectWithdrawalRequest,
  SignedImage,
  StaffChannels,
  StaffCoinChannelUpdate,
  StaffDeposit,
  StaffDepositPage,
  StaffDepositQuery,
  StaffRecordIdQuery,
  StaffWireAccountUpdate,
  StaffWithdrawal,
  StaffWithdrawalPage,
  StaffWithdrawalQuery,
  UpdateCoinChannelRequest,
  UpdateWireAccountRequest,
} from '@meridian/contract/funds-staff';
import { StaffEmptyRequest } from '@meridian/contract/staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as channelChanges from './channel-changes';
import * as channels from './channels.service';
import * as deposits from './deposit-review.service';
import * as withdrawals from './withdrawal-review.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const fundsReviewers = rolesWith('funds.review');
const tags = ['back office'];
const security = [{ token: [] }];

/** The back office's funds calls (role finance); mounted under /admin/api behind the staff guard. */
export const adminFundsRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/funds/deposits',
    {
      config: { staffRoles: fundsReviewers },
      schema: {
        tags,
        security,
        querystring: StaffDepositQuery,
        response: { 200: envelope(StaffDepositPage) },
      },
    },
    async (request) =>
      ok(request, await deposits.listDepositsForStaff(context, staffOf(request), request.query)),
  );

  app.get(
    '/funds/deposits/proof',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, querystring: StaffRecordIdQuery, response: { 200: envelope(SignedImage) } },
    },
    async (request) =>
      ok(request, await deposits.openDepositProof(context, staffOf(request), request.query.id)),
  );

  app.post(
    '/funds/deposits/approve',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, body: ApproveDepositRequest, response: { 200: envelope(StaffDeposit) } },
    },
    async (request) => ok(request, await deposits.approveDeposit(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/deposits/reject',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, body: RejectDepositRequest, response: { 200: envelope(StaffDeposit) } },
    },
    async (request) => ok(request, await deposits.rejectDeposit(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/deposits/invalid',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, body: InvalidDepositRequest, response: { 200: envelope(StaffDeposit) } },
    },
    async (request) => ok(request, await deposits.invalidateDeposit(context, staffOf(request), request.body)),
  );

  app.get(
    '/funds/withdrawals',
    {
      config: { staffRoles: fundsReviewers },
      schema: {
        tags,
        security,
        querystring: StaffWithdrawalQuery,
        response: { 200: envelope(StaffWithdrawalPage) },
      },
    },
    async (request) =>
      ok(request, await withdrawals.listWithdrawalsForStaff(context, staffOf(request), request.query)),
  );

  app.post(
    '/funds/withdrawals/pay',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, body: PayWithdrawalRequest, response: { 200: envelope(StaffWithdrawal) } },
    },
    async (request) => ok(request, await withdrawals.payWithdrawal(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/withdrawals/reject',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, body: RejectWithdrawalRequest, response: { 200: envelope(StaffWithdrawal) } },
    },
    async (request) =>
      ok(request, await withdrawals.rejectWithdrawalByStaff(context, staffOf(request), request.body)),
  );

  app.get(
    '/funds/channels',
    {
      config: { staffRoles: fundsReviewers },
      schema: { tags, security, querystring: StaffEmptyRequest, response: { 200: envelope(StaffChannels) } },
    },
    async (request) => ok(request, await channels.staffChannels(context, staffOf(request))),
  );

  app.post(
    '/funds/channels/update',
    {
      config: { staffRoles: fundsReviewers },
      schema: {
        tags,
        security,
        body: UpdateCoinChannelRequest,
        response: { 200: envelope(StaffCoinChannelUpdate) },
      },
    },
    async (request) =>
      ok(request, await channelChanges.updateCoinChannel(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/wire_accounts/update',
    {
      config: { staffRoles: fundsReviewers },
      schema: {
        tags,
        security,
        body: UpdateWireAccountRequest,
        response: { 200: envelope(StaffWireAccountUpdate) },
      },
    },
    async (request) =>
      ok(request, await channelChanges.updateWireAccount(context, staffOf(request), request.body)),
  );
};
