import type { FundsRecordPush } from './funds';
import type { Candle, MarketDayPush } from './market';
import type { SupportMessage } from './support';
import type { SupportAgentsPush } from './support-staff';
import {
  KLINE_TOPIC_PATTERN,
  type KlineTopic,
  TOPIC_FOREX_CLOSED,
  TOPIC_FOREX_TRADE,
  TOPIC_FUNDS_RECORD,
  TOPIC_MARKET_DAY,
  TOPIC_SUPPORT_AGENTS,
  TOPIC_SUPPORT_MESSAGE,
} from './topics';
import type { ForexClosedPush, ForexTradePush } from './trading';

/**
 * Every socket topic with the payload its pushes carry: the server's publisher takes a
 * topic and its payload only as a pair from these maps, so a push of the wrong shape or on an
 * unknown topic does not compile, and the clients' checks (push-schemas.ts) take their schemas
 * for the same keys. Types only, no zod at run time: the web app's first screen may import it.
 */

/** Topics anyone may hear on the customer socket: the quotes and each instrument's chart. */
export type PublicPushPayloads = {
  [TOPIC_MARKET_DAY]: MarketDayPush;
  /** `kline.<forex_id>.<period>`: the candle in progress. */
  [topic: KlineTopic]: Candle;
};

/** Topics of one user's own data, pushed only to their logged-in sockets. */
export type UserPushPayloads = {
  [TOPIC_FOREX_TRADE]: ForexTradePush;
  [TOPIC_FOREX_CLOSED]: ForexClosedPush;
  [TOPIC_SUPPORT_MESSAGE]: SupportMessage;
  [TOPIC_FUNDS_RECORD]: FundsRecordPush;
};

/** Topics of the staff socket (STAFF_TOPICS in support-staff.ts says who may hear each). */
export type StaffPushPayloads = {
  [TOPIC_SUPPORT_AGENTS]: SupportAgentsPush;
};

/** What the hub sends to every subscriber of a topic (customer and staff sockets alike). */
export type BroadcastPushPayloads = PublicPushPayloads & StaffPushPayloads;
export type BroadcastTopic = keyof BroadcastPushPayloads;
export type UserTopic = keyof UserPushPayloads;
export type PushPayloads = BroadcastPushPayloads & UserPushPayloads;
export type PushTopic = keyof PushPayloads;

/** A topic's schema family: the topic itself, or `kline` for every chart topic (one schema). */
export type PushKind = Exclude<PushTopic, KlineTopic> | 'kline';
/** The payload of every topic of a kind. */
export type PushPayloadOfKind<K extends PushKind> = K extends 'kline'
  ? Candle
  : K extends Exclude<PushTopic, KlineTopic>
    ? PushPayloads[K]
    : never;
/** The kinds a customer socket may hear (the staff socket's are not the web app's). */
export type CustomerPushKind = Exclude<PushKind, keyof StaffPushPayloads>;

/** Every kind but `kline`, once: a kind added to a map and missing here does not compile. */
const NAMED_KINDS = {
  [TOPIC_MARKET_DAY]: true,
  [TOPIC_FOREX_TRADE]: true,
  [TOPIC_FOREX_CLOSED]: true,
  [TOPIC_SUPPORT_MESSAGE]: true,
  [TOPIC_FUNDS_RECORD]: true,
  [TOPIC_SUPPORT_AGENTS]: true,
} as const satisfies Record<Exclude<PushKind, 'kline'>, true>;
const isNamedKind = (topic: string): topic is keyof typeof NAMED_KINDS => Object.hasOwn(NAMED_KINDS, topic);

/** The kind of a topic as it arrives on the wire, or null for a topic no map names. */
export function pushKindOf(topic: string): PushKind | null {
  if (KLINE_TOPIC_PATTERN.test(topic)) return 'kline';
  return isNamedKind(topic) ? topic : null;
}
