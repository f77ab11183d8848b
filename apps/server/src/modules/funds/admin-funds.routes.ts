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
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as channelChanges from './channel-changes';
import * as channels from './channels.service';
import * as deposits from './deposit-review.service';
import * as withdrawals from './withdrawal-review.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const fundsReviewers = staffRoutesWith('funds.review');

/** The back office's funds calls (role finance); mounted under /admin/api behind the staff guard. */
export const adminFundsRoutes = routeTable([
  fundsReviewers.get('/funds/deposits', StaffDepositQuery, StaffDepositPage, deposits.listDepositsForStaff),
  fundsReviewers.get('/funds/deposits/proof', StaffRecordIdQuery, SignedImage, (context, staff, { id }) =>
    deposits.openDepositProof(context, staff, id),
  ),
  fundsReviewers.post(
    '/funds/deposits/approve',
    ApproveDepositRequest,
    StaffDeposit,
    deposits.approveDeposit,
  ),
  fundsReviewers.post('/funds/deposits/reject', RejectDepositRequest, StaffDeposit, deposits.rejectDeposit),
  fundsReviewers.post(
    '/funds/deposits/invalid',
    InvalidDepositRequest,
    StaffDeposit,
    deposits.invalidateDeposit,
  ),
  fundsReviewers.get(
    '/funds/withdrawals',
    StaffWithdrawalQuery,
    StaffWithdrawalPage,
    withdrawals.listWithdrawalsForStaff,
  ),
  fundsReviewers.post(
    '/funds/withdrawals/pay',
    PayWithdrawalRequest,
    StaffWithdrawal,
    withdrawals.payWithdrawal,
  ),
  fundsReviewers.post(
    '/funds/withdrawals/reject',
    RejectWithdrawalRequest,
    StaffWithdrawal,
    withdrawals.rejectWithdrawalByStaff,
  ),
  fundsReviewers.get('/funds/channels', StaffEmptyRequest, StaffChannels, channels.staffChannels),
  fundsReviewers.post(
    '/funds/channels/update',
    UpdateCoinChannelRequest,
    StaffCoinChannelUpdate,
    channelChanges.updateCoinChannel,
  ),
  fundsReviewers.post(
    '/funds/wire_accounts/update',
    UpdateWireAccountRequest,
    StaffWireAccountUpdate,
    channelChanges.updateWireAccount,
  ),
]);
