import type {
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
  StaffWireAccountUpdate,
  StaffWithdrawal,
  StaffWithdrawalPage,
  UpdateCoinChannelRequest,
  UpdateWireAccountRequest,
} from '@meridian/contract/funds-staff';
import type { SortOrder } from '@meridian/contract/list-sort';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

/** The lists' filters, as the API reads them (absent: all). */
export type RecordFilter = {
  status?: number;
  type?: number;
  user_id?: number;
  /** The server's sort (list-sort.ts); absent: the list's own order. */
  sort?: string | undefined;
  order?: SortOrder | undefined;
  page: number;
  limit: number;
};

export const DEPOSITS_KEY = ['funds', 'deposits'] as const;
export const WITHDRAWALS_KEY = ['funds', 'withdrawals'] as const;
export const CHANNELS_KEY = ['funds', 'channels'] as const;

/** GET /admin/api/funds/deposits, newest first. */
export function useDeposits(filter: RecordFilter) {
  return useQuery({
    queryKey: [...DEPOSITS_KEY, filter],
    queryFn: () => adminApi<StaffDepositPage>('GET', '/funds/deposits', filter),
    placeholderData: keepPreviousData,
  });
}

/** GET /admin/api/funds/deposits/proof: the proof at an address signed for this staff member. */
export function useDepositProof(id: number | undefined) {
  return useQuery({
    queryKey: ['funds', 'proof', id],
    queryFn: () => adminApi<SignedImage>('GET', '/funds/deposits/proof', { id }),
    enabled: id !== undefined,
    staleTime: 5 * 60_000,
    refetchInterval: 8 * 60_000,
  });
}

type Input<T> = Omit<T, 't'>;

export const approveDeposit = (input: Input<ApproveDepositRequest>) =>
  adminApi<StaffDeposit>('POST', '/funds/deposits/approve', input);
export const rejectDeposit = (input: Input<RejectDepositRequest>) =>
  adminApi<StaffDeposit>('POST', '/funds/deposits/reject', input);
export const invalidDeposit = (input: Input<InvalidDepositRequest>) =>
  adminApi<StaffDeposit>('POST', '/funds/deposits/invalid', input);

/** GET /admin/api/funds/withdrawals, newest first. */
export function useWithdrawals(filter: RecordFilter) {
  return useQuery({
    queryKey: [...WITHDRAWALS_KEY, filter],
    queryFn: () => adminApi<StaffWithdrawalPage>('GET', '/funds/withdrawals', filter),
    placeholderData: keepPreviousData,
  });
}

export const payWithdrawal = (input: Input<PayWithdrawalRequest>) =>
  adminApi<StaffWithdrawal>('POST', '/funds/withdrawals/pay', input);
export const rejectWithdrawal = (input: Input<RejectWithdrawalRequest>) =>
  adminApi<StaffWithdrawal>('POST', '/funds/withdrawals/reject', input);

/** GET /admin/api/funds/channels: the coin channels and the wire accounts. */
export function useChannels() {
  return useQuery({
    queryKey: CHANNELS_KEY,
    queryFn: () => adminApi<StaffChannels>('GET', '/funds/channels'),
  });
}

/** The update routes take only what changes; the form's "0"/"1" switch is sent as 0/1. */
type UpdateFields<T> = { [K in keyof Input<T>]?: Input<T>[K] | number };

export const updateCoinChannel = (input: UpdateFields<UpdateCoinChannelRequest> & { id: number }) =>
  adminApi<StaffCoinChannelUpdate>('POST', '/funds/channels/update', input);
export const updateWireAccount = (input: UpdateFields<UpdateWireAccountRequest> & { id: number }) =>
  adminApi<StaffWireAccountUpdate>('POST', '/funds/wire_accounts/update', input);
