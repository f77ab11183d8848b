import type { FundsRecordPush } from '@meridian/contract/funds';
import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import { formatMoneyText } from '../../../lib/money-format';
import { formatPriceText } from '../../../lib/price-format';
import type { FundsMessage } from './amount-checks';

/**
 * What the customer is told of a pushed outcome, wherever they are in the app, read from the
 * record's new status (a first of two approvals leaves a withdrawal unchecked: nothing to tell yet).
 */
export function outcomeMessage(push: FundsRecordPush): FundsMessage | undefined {
  if (push.kind === 'deposit') {
    const params = { amount: formatPriceText(push.record.number), currency: push.record.currency_code };
    switch (push.record.status) {
      case FUNDS_STATUS.finished:
        return {
          key: 'funds.outcome.depositApproved',
          params: { ...params, credited: formatMoneyText(push.record.amount, 2) },
        };
      case FUNDS_STATUS.rejected:
        return { key: 'funds.outcome.depositRejected', params };
      case FUNDS_STATUS.invalid:
        return { key: 'funds.outcome.depositInvalid', params };
      default:
        return undefined;
    }
  }
  const params = { amount: formatMoneyText(push.record.number, 2) };
  switch (push.record.status) {
    case FUNDS_STATUS.finished:
      return { key: 'funds.outcome.withdrawalPaid', params };
    case FUNDS_STATUS.rejected:
      return { key: 'funds.outcome.withdrawalRejected', params };
    default:
      return undefined;
  }
}
