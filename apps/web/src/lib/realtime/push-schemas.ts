import type { PushPayloadOfKind } from '@meridian/contract/push-payloads';
import { checkPush, type LazySchema, lazySchema } from '../lazy-schema';

/**
 * The pushes the app checks with lazily loaded schemas (the first screen's feeds keep
 * zod off its critical path). Each entry is typed by the contract's push map, so a
 * schema that does not describe its topic's payload does not compile. The other feeds (forex.trade,
 * support.message, the chart's kline) check at once with a schema typed by the same map (the contract's PushSchema).
 */
type LazyPushKind = 'market.day' | 'forex.closed' | 'funds.record';

const LAZY_PUSH_SCHEMAS: { [K in LazyPushKind]: LazySchema<PushPayloadOfKind<K>> } = {
  'market.day': lazySchema(() =>
    import('@meridian/contract/market').then((contract) => contract.MarketDayPush),
  ),
  'forex.closed': lazySchema(() =>
    import('@meridian/contract/trading').then((contract) => contract.ForexClosedPush),
  ),
  'funds.record': lazySchema(() =>
    import('@meridian/contract/funds').then((contract) => contract.FundsRecordPush),
  ),
};

/** A push on the topic checked against its schema, or null when it breaks the contract (checkPush). */
export function checkTopicPush<K extends LazyPushKind>(
  topic: K,
  data: unknown,
): Promise<PushPayloadOfKind<K> | null> {
  const schema: LazySchema<PushPayloadOfKind<K>> = LAZY_PUSH_SCHEMAS[topic];
  return checkPush(schema, data, topic);
}
