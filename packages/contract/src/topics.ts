import type { PeriodLabel } from './periods';

/** Topics of ARCHITECTURE.md "Realtime"; push-payloads.ts names each one's payload. */
export const TOPIC_MARKET_DAY = 'market.day';
export const TOPIC_FOREX_TRADE = 'forex.trade';
export const TOPIC_FOREX_CLOSED = 'forex.closed';
/** New messages of the user's customer-service conversation (theirs and the agents'). */
export const TOPIC_SUPPORT_MESSAGE = 'support.message';
/** Outcomes of the user's deposits and withdrawals (approved, rejected, invalid, paid): FundsRecordPush. */
export const TOPIC_FUNDS_RECORD = 'funds.record';
/** The agents' topic on the staff socket: every change to any conversation (support-staff.ts). */
export const TOPIC_SUPPORT_AGENTS = 'support.agents';
/** An instrument's chart topic: the candle in progress of one period. */
export type KlineTopic = `kline.${number}.${PeriodLabel}`;
export const klineTopic = (forexId: number, period: PeriodLabel): KlineTopic => `kline.${forexId}.${period}`;
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
