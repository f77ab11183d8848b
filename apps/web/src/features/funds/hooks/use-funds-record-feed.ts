import type { FundsRecordPush } from '@meridian/contract/funds';
import { TOPIC_FUNDS_RECORD } from '@meridian/contract/topics';
import { type InfiniteData, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { applyPushToQuery } from '../../../lib/query-push';
import { checkTopicPush } from '../../../lib/realtime/push-schemas';
import { realtime } from '../../../lib/realtime/realtime';
import { useTopic } from '../../../lib/realtime/use-topic';
import { FUNDS_KEYS } from '../api/funds-keys';
import { withRecordReplaced } from '../utils/record-pages';

/**
 * The user's `funds.record` topic, on every screen while logged in: a deposit approved, rejected or
 * marked invalid, a withdrawal paid or rejected. The record is replaced in the loaded list (or the
 * list read again when it is not loaded there), and `onOutcome` lets the app refresh the balances
 * and tell the customer, wherever they are. A review pushed while the socket was not yet listening
 * (the page loading, the network down) is not lost: each time the socket is back in sync the records
 * are read again, and `onResync` refreshes what else the pushes keep current.
 */
export function useFundsRecordFeed(
  loggedIn: boolean,
  onOutcome: (push: FundsRecordPush) => void,
  onResync: () => void,
): void {
  const queryClient = useQueryClient();
  const resync = useEffectEvent(() => {
    void queryClient.invalidateQueries({ queryKey: FUNDS_KEYS.depositRecords });
    void queryClient.invalidateQueries({ queryKey: FUNDS_KEYS.withdrawalRecords });
    onResync();
  });
  useEffect(() => (loggedIn ? realtime.onSynced(() => resync()) : undefined), [loggedIn]);
  const outcome = (push: FundsRecordPush) => {
    const replace = <Item extends { id: number }>(key: readonly string[], record: Item) => {
      type Pages = InfiniteData<{ list: Item[] }, number>;
      if (!withRecordReplaced(queryClient.getQueryData<Pages>(key), record)) {
        void queryClient.invalidateQueries({ queryKey: key });
        return;
      }
      void applyPushToQuery<Pages>(queryClient, key, (pages) => withRecordReplaced(pages, record) ?? pages);
    };
    if (push.kind === 'deposit') replace(FUNDS_KEYS.depositRecords, push.record);
    else replace(FUNDS_KEYS.withdrawalRecords, push.record);
    onOutcome(push);
  };
  useTopic(loggedIn ? TOPIC_FUNDS_RECORD : null, (data) => {
    void checkTopicPush(TOPIC_FUNDS_RECORD, data).then((push) => {
      if (push) outcome(push);
    });
  });
}
