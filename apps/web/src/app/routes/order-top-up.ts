import { useNavigate } from 'react-router';
import { useUserStore } from '../../features/auth/stores/user-store';
import type { TopUp } from '../../features/trading/components/order-preview-box';

/** Deposits (spec section 2, real accounts only) and sign-up, which opens a real account. */
const DEPOSIT_PATH = '/mine/charge';
const REGISTER_PATH = '/register';

/**
 * The next step the order form offers when the balance does not cover an order:
 * a real account goes to deposit; a demo account, which cannot deposit, to open a real one (its
 * virtual balance is restored by the personal center's reset, which also closes every position, so
 * it is not offered from an order). Undefined until the user is known.
 */
export function useOrderTopUp(): TopUp | undefined {
  const navigate = useNavigate();
  const isDemo = useUserStore((state) => (state.user ? state.user.is_demo === 1 : null));
  if (isDemo === null) return undefined;
  return isDemo
    ? { kind: 'openReal', onPress: () => navigate(REGISTER_PATH) }
    : { kind: 'deposit', onPress: () => navigate(DEPOSIT_PATH) };
}
