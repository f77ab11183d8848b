import type { Order } from '@meridian/contract/trading';
import { useTranslation } from 'react-i18next';
import { SignedAmount } from '../../../components/signed-amount';
import { MONEY_PLACES } from '../../../lib/money-format';
import { STATE_KEYS } from '../utils/order-labels';

/**
 * The profit of an order that has one (holding: live; closed: final), else its state (pending,
 * cancelled): the end of an order's row, in the list and in the desktop table alike.
 */
export function OrderProfitOrState({ state, profit }: { state: Order['State']; profit: string }) {
  const { t } = useTranslation();
  if (state === 'holding' || state === 'closed') {
    return (
      <SignedAmount
        amount={profit}
        places={MONEY_PLACES.profit}
        className="order-row-profit"
        testId="order-profit"
      />
    );
  }
  return <span className={`pill-tag state-tag state-${state}`}>{t(STATE_KEYS[state])}</span>;
}
