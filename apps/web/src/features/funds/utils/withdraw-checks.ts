import type { DrawCurrency } from '@meridian/contract/funds';
import { LIMITS } from '@meridian/contract/limits';
import { readDecimal } from '@meridian/domain/decimal-text';
import { type WithdrawFigures, withdrawFeeTypeOf, withdrawFigures } from '@meridian/domain/withdraw-figures';
import { amountProblem, type FundsMessage, isOverAvailable } from './amount-checks';

export type WithdrawDraft = {
  amount: string;
  methodId: number | undefined;
  password: string;
};

export type WithdrawProblems = Partial<Record<'amount' | 'method' | 'password', FundsMessage>>;

/**
 * The withdrawal form's checks before anything is sent, each field's first problem (spec section 5:
 * a withdrawal address is required; the amount within the currency's bounds, at most 2 places, and
 * not above the available balance; the password required).
 */
export function withdrawProblems(
  draft: WithdrawDraft,
  currency: Pick<DrawCurrency, 'min' | 'max'>,
  available: string | undefined,
): WithdrawProblems {
  const problems: WithdrawProblems = {};
  if (draft.methodId === undefined) problems.method = { key: 'funds.withdraw.enterAddress' };
  const amount = amountProblem(
    draft.amount,
    { decimalsMax: LIMITS.withdrawDecimalPlacesMax, min: currency.min, max: currency.max },
    'funds.withdraw.enterAmount',
  );
  if (amount) problems.amount = amount;
  else if (isOverAvailable(draft.amount, available))
    problems.amount = { key: 'funds.withdraw.overAvailable' };
  if (draft.password === '') problems.password = { key: 'funds.withdraw.enterPassword' };
  return problems;
}

/**
 * The fee and the expected amount received for what is typed, with the domain's function the server
 * charges by (packages/domain withdraw-figures); nothing while the box holds no amount above 0.
 */
export function withdrawPreview(
  amount: string,
  currency: Pick<DrawCurrency, 'fee_type' | 'draw_rate' | 'usd_price'>,
): WithdrawFigures | undefined {
  const typed = readDecimal(amount);
  if (typed === undefined || !typed.gt(0)) return undefined;
  return withdrawFigures(typed, {
    feeType: withdrawFeeTypeOf(currency.fee_type),
    drawRate: currency.draw_rate,
    usdPrice: currency.usd_price,
  });
}
