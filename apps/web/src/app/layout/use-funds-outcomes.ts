import { useQueryClient } from '@tanstack/react-query';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useFundsRecordFeed } from '../../features/funds/hooks/use-funds-record-feed';
import { outcomeMessage } from '../../features/funds/utils/outcome-message';
import { refreshTradingData } from '../../features/trading/api/trading-keys';
import { WEB_LIMITS } from '../../lib/limits';

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
      const message = outcomeMessage(push);
      if (message)
        Toast.show({ content: t(message.key, message.params), duration: WEB_LIMITS.fundsOutcomeToastMs });
    },
    () => void refreshTradingData(queryClient),
  );
}
