import type { ZodType } from 'zod';
import { FundsRecordPush } from './funds';
import { Candle, MarketDayPush } from './market';
import { type PushKind, type PushPayloadOfKind, pushKindOf } from './push-payloads';
import { SupportMessage } from './support';
import { SupportAgentsPush } from './support-staff';
import { ForexClosedPush, ForexTradePush } from './trading';

/**
 * The schema of each push kind of push-payloads.ts, for whoever checks pushes at once (the server's
 * tests, the back office). Typed by the map, so a schema that does not describe its topic's
 * payload does not compile. The web app loads the same schemas lazily (lib/realtime/push-schemas.ts).
 */
export const PUSH_SCHEMAS: { [K in PushKind]: PushSchema<K> } = {
  'market.day': MarketDayPush,
  kline: Candle,
  'forex.trade': ForexTradePush,
  'forex.closed': ForexClosedPush,
  'support.message': SupportMessage,
  'funds.record': FundsRecordPush,
  'support.agents': SupportAgentsPush,
};

/** The schema of a topic as it arrives on the wire, or null for a topic no map names. */
export function pushSchemaOf(topic: string): ZodType | null {
  const kind = pushKindOf(topic);
  return kind === null ? null : PUSH_SCHEMAS[kind];
}

/** The schema of a push kind, for a client that checks one topic with a schema it imports itself. */
export type PushSchema<K extends PushKind> = ZodType<PushPayloadOfKind<K>>;
