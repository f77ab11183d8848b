import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useFundsRecordFeed } from '../../features/funds/hooks/use-funds-record-feed';
import { refreshTradingData } from '../../features/trading/api/trading-keys';
import { WEB_LIMITS } from '../../lib/limits';
import { toast } from '../../lib/toast';

/**
 * A deposit or withdrawal reviewed while the customer is anywhere in the app: the records update in
 * place, the balances are read again (they moved), and the customer is told what happened.
 */
export function useFundsOutcomes(loggedIn: boolean): void {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useFundsRecordFeed(
    loggedIn,
    (push) => {
      void refreshTradingData(queryClient);
      // The message's money formatting (decimal.js) is not part of the first screen: it loads now.
      void import('../../features/funds/utils/outcome-message').then(({ outcomeMessage }) => {
        const message = outcomeMessage(push);
        if (message)
          toast.show({ content: t(message.key, message.params), duration: WEB_LIMITS.fundsOutcomeToastMs });
      });
    },
    () => void refreshTradingData(queryClient),
  );
}
