import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../../lib/bidi';
import { WEB_LIMITS } from '../../../lib/limits';
import { toast } from '../../../lib/toast';
import { AnnouncedOrders, type EndedOrder, endedMessageKey } from '../utils/order-ended-message';

/** One memory for the whole app: the push and the answer may reach different screens. */
const announced = new AnnouncedOrders();

/** Toasts that an order ended, why, and its result, once per order. */
export function useOrderAnnouncer(): (ended: EndedOrder) => void {
  const { t } = useTranslation();
  return useCallback(
    (ended: EndedOrder) => {
      const key = endedMessageKey(ended);
      if (key === null || !announced.claim(ended.orderId)) return;
      // Money formatting is not part of the first screen: it loads with the first news.
      void import('../../../lib/money-format').then(({ formatSignedMoney, MONEY_PLACES }) =>
        toast.show({
          content: t(key, {
            code: ltr(ended.showCode),
            profit: ltr(formatSignedMoney(ended.profit, MONEY_PLACES.profit)),
          }),
          // A stop firing is news the customer must be able to read in full.
          duration: WEB_LIMITS.toastDurationMs * 2,
        }),
      );
    },
    [t],
  );
}
