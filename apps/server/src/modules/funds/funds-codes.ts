import { DEPOSIT_TYPE, DRAW_TYPE, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { DepositState } from './deposits.repository';
import type { WithdrawalState } from './withdrawals.repository';

/**
 * The funds wire codes (packages/contract funds-codes) read as the database's words and back, in
 * one place, so no service compares or writes a bare number.
 */
type FundsKind = 'coin' | 'bank';

/** A deposit's wire `type`: DEPOSIT_TYPE.coin, any other value a bank wire (spec). */
export function depositKindOf(code: number): FundsKind {
  return code === DEPOSIT_TYPE.coin ? 'coin' : 'bank';
}

export function depositTypeCodeOf(kind: FundsKind): (typeof DEPOSIT_TYPE)[FundsKind] {
  return DEPOSIT_TYPE[kind];
}

/** A withdrawal currency's, method's or record's wire `type`: DRAW_TYPE.coin, any other value bank. */
export function drawKindOf(code: number): FundsKind {
  return code === DRAW_TYPE.coin ? 'coin' : 'bank';
}

export function drawTypeCodeOf(kind: FundsKind): (typeof DRAW_TYPE)[FundsKind] {
  return DRAW_TYPE[kind];
}

/** The back office's deposit filter: only the two deposit codes name a kind (2 is refused). */
export const STAFF_DEPOSIT_KINDS: Readonly<Record<number, FundsKind>> = {
  [DEPOSIT_TYPE.coin]: 'coin',
  [DEPOSIT_TYPE.bank]: 'bank',
};

/** The back office's withdrawal filter: only the two withdrawal codes name a kind (0 is refused). */
export const STAFF_DRAW_KINDS: Readonly<Record<number, FundsKind>> = {
  [DRAW_TYPE.coin]: 'coin',
  [DRAW_TYPE.bank]: 'bank',
};

/** A deposit status filter as the one state it names. */
export const DEPOSIT_STATE_OF_STATUS: Readonly<Record<number, DepositState>> = {
  [FUNDS_STATUS.unchecked]: 'pending',
  [FUNDS_STATUS.finished]: 'finished',
  [FUNDS_STATUS.rejected]: 'rejected',
  [FUNDS_STATUS.invalid]: 'invalid',
};

/** A withdrawal status filter as its states: unchecked is both a waiting withdrawal and one with its first of two approvals. */
export const WITHDRAWAL_STATES_OF_STATUS: Readonly<Record<number, readonly WithdrawalState[]>> = {
  [FUNDS_STATUS.unchecked]: ['pending', 'approved'],
  [FUNDS_STATUS.finished]: ['paid'],
  [FUNDS_STATUS.rejected]: ['rejected'],
  [FUNDS_STATUS.invalid]: [],
};
