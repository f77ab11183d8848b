import { amountProblem, type FundsMessage } from './amount-checks';

/** A picked and uploaded proof image: the name the deposit takes and the address that shows it. */
export type UploadedProof = { name: string; url: string };

export type DepositDraft = { amount: string; proof: UploadedProof | undefined };

export type DepositProblems = Partial<Record<'amount' | 'proof', FundsMessage>>;

/** The bounds of one channel's amounts, in its currency (max "0": none). */
export type DepositBounds = { min: string; max: string; decimals: number };

/**
 * The deposit form's checks (spec section 5: the amount is required, "enter charge amount"; within
 * the channel's bounds and places; a proof image is required by the deposit call).
 */
export function depositProblems(draft: DepositDraft, bounds: DepositBounds): DepositProblems {
  const problems: DepositProblems = {};
  const amount = amountProblem(
    draft.amount,
    { decimalsMax: bounds.decimals, min: bounds.min, max: bounds.max },
    'funds.deposit.enterChargeAmount',
  );
  if (amount) problems.amount = amount;
  if (!draft.proof) problems.proof = { key: 'funds.deposit.proofRequired' };
  return problems;
}

export const hasProblems = (problems: object): boolean => Object.keys(problems).length > 0;
