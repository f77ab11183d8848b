import { z } from 'zod';
import { exactText } from './fields';

/** Topics of ARCHITECTURE.md "Realtime". */
export const TOPIC_MARKET_DAY = 'market.day';
export const TOPIC_FOREX_TRADE = 'forex.trade';
export const TOPIC_FOREX_CLOSED = 'forex.closed';
/** New messages of the user's customer-service conversation (theirs and the agents'). */
export const TOPIC_SUPPORT_MESSAGE = 'support.message';
/** Outcomes of the user's deposits and withdrawals (approved, rejected, invalid, paid): FundsRecordPush. */
export const TOPIC_FUNDS_RECORD = 'funds.record';
export const klineTopic = (forexId: number, period: string) => `kline.${forexId}.${period}`;
export const KLINE_TOPIC_PATTERN = /^kline\.(\d{1,9})\.(1M|5M|15M|30M|1H|1D)$/;

/** Topics that carry one user's own data: only a logged-in socket may subscribe. */
export const USER_TOPICS: readonly string[] = [
  TOPIC_FOREX_TRADE,
  TOPIC_FOREX_CLOSED,
  TOPIC_SUPPORT_MESSAGE,
  TOPIC_FUNDS_RECORD,
];
export const isUserTopic = (topic: string): boolean => USER_TOPICS.includes(topic);
/** Topics anyone may subscribe to, logged in or not. */
export const isPublicTopic = (topic: string): boolean =>
  topic === TOPIC_MARKET_DAY || KLINE_TOPIC_PATTERN.test(topic);

/** What a client sends. `ping` may also be the bare text `ping`. */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), params: z.object({ token: exactText(200) }) }),
  z.object({ type: z.literal('logout'), params: z.unknown().optional() }),
  z.object({ type: z.literal('sub'), params: z.object({ topic: exactText(64) }) }),
  z.object({ type: z.literal('unsub'), params: z.object({ topic: exactText(64) }) }),
  z.object({ type: z.literal('ping'), params: z.unknown().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * What the server sends: replies to a client's own message, and pushes on a topic. Codes are the
 * envelope's: 1 done, 0 refused (with `msg`), 999 the login token is invalid or expired. A login
 * reply with 999 also comes unasked when the socket's session ends (a logout, a password change):
 * the socket is anonymous again, without the user's topics. A bare text `ping` is answered with
 * the bare text `pong`.
 */
export type ServerReply =
  | { type: 'pong' }
  | { type: 'login'; code: number; msg: string }
  | { type: 'logout'; code: number; msg: string }
  | { type: 'sub' | 'unsub'; code: number; topic: string; msg?: string };
export type ServerPush<T = unknown> = { type: 'push'; topic: string; data: T };
