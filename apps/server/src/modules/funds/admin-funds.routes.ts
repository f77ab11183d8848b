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
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as channelChanges from './channel-changes';
import * as channels from './channels.service';
import * as deposits from './deposit-review.service';
import * as withdrawals from './withdrawal-review.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const fundsReviewers = backOfficeGroup(rolesWith('funds.review'));

/** The back office's funds calls (role finance); mounted under /admin/api behind the staff guard. */
export const adminFundsRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/funds/deposits',
    queryRoute(fundsReviewers, StaffDepositQuery, StaffDepositPage),
    async (request) =>
      ok(request, await deposits.listDepositsForStaff(context, staffOf(request), request.query)),
  );

  app.get(
    '/funds/deposits/proof',
    queryRoute(fundsReviewers, StaffRecordIdQuery, SignedImage),
    async (request) =>
      ok(request, await deposits.openDepositProof(context, staffOf(request), request.query.id)),
  );

  app.post(
    '/funds/deposits/approve',
    bodyRoute(fundsReviewers, ApproveDepositRequest, StaffDeposit),
    async (request) => ok(request, await deposits.approveDeposit(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/deposits/reject',
    bodyRoute(fundsReviewers, RejectDepositRequest, StaffDeposit),
    async (request) => ok(request, await deposits.rejectDeposit(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/deposits/invalid',
    bodyRoute(fundsReviewers, InvalidDepositRequest, StaffDeposit),
    async (request) => ok(request, await deposits.invalidateDeposit(context, staffOf(request), request.body)),
  );

  app.get(
    '/funds/withdrawals',
    queryRoute(fundsReviewers, StaffWithdrawalQuery, StaffWithdrawalPage),
    async (request) =>
      ok(request, await withdrawals.listWithdrawalsForStaff(context, staffOf(request), request.query)),
  );

  app.post(
    '/funds/withdrawals/pay',
    bodyRoute(fundsReviewers, PayWithdrawalRequest, StaffWithdrawal),
    async (request) => ok(request, await withdrawals.payWithdrawal(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/withdrawals/reject',
    bodyRoute(fundsReviewers, RejectWithdrawalRequest, StaffWithdrawal),
    async (request) =>
      ok(request, await withdrawals.rejectWithdrawalByStaff(context, staffOf(request), request.body)),
  );

  app.get('/funds/channels', queryRoute(fundsReviewers, StaffEmptyRequest, StaffChannels), async (request) =>
    ok(request, await channels.staffChannels(context, staffOf(request))),
  );

  app.post(
    '/funds/channels/update',
    bodyRoute(fundsReviewers, UpdateCoinChannelRequest, StaffCoinChannelUpdate),
    async (request) =>
      ok(request, await channelChanges.updateCoinChannel(context, staffOf(request), request.body)),
  );

  app.post(
    '/funds/wire_accounts/update',
    bodyRoute(fundsReviewers, UpdateWireAccountRequest, StaffWireAccountUpdate),
    async (request) =>
      ok(request, await channelChanges.updateWireAccount(context, staffOf(request), request.body)),
  );
};
