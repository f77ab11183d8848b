import { z } from 'zod';
import {
  cacheBuster,
  intField,
  patternText,
  positiveId,
  serverText,
  text,
  textOrNumber,
  truthyFlag,
} from './fields';
import { LIMITS } from './limits';
import { rowRequest } from './row-request';
import { Order } from './trading';

/**
 * Copy trading (spec sections 1, 2 /rank, 3 "Ranking entry", 9 "three weeks"). Percentages are
 * decimal texts with 2 places (null when there is nothing to count); money decimal texts. Paths
 * under /api/follow/ beside the spec's `GET /api/follow/list`.
 */

/** A decimal text with at most 2 places, bounded; the message names the rule broken. */
const decimalText = (key: string) =>
  textOrNumber(LIMITS.tradeNumberTextLengthMax).pipe(
    patternText(new RegExp(`^[0-9]+(\\.[0-9]{1,${LIMITS.copyDecimalPlacesMax}})?$`), key),
  );

export const RankingSort = z.enum(['rate', 'win', 'followers']);
export type RankingSort = z.infer<typeof RankingSort>;

export const RankingQuery = z.object({
  /** rate: three-week profit rate (default); win: three-week win rate; followers. */
  sort: RankingSort.default('rate').catch('rate'),
  t: cacheBuster,
});
export type RankingQuery = z.infer<typeof RankingQuery>;

/** Ranking entry of spec section 3, with the extra figures the /rank page and the profile show. */
export const RankingEntry = z.object({
  trader_id: z.number().int(),
  /** The trader's display name. */
  user: serverText(),
  /** 1 when the trader trades a demo (virtual money) account: shown honestly. */
  is_demo: z.union([z.literal(0), z.literal(1)]),
  /** 1 for a strategy trader run by the platform's published rules. */
  is_strategy: z.union([z.literal(0), z.literal(1)]),
  /** Key of the published strategy (web locale `copy.strategy.<key>`); null for a person. */
  strategy: serverText().nullable(),
  /** Usual leverage (the multiplier with the most orders); null when none. */
  multiple: z.number().int().nullable(),
  /** Most-traded instrument's ShowCode (the variety); null without orders. */
  code: serverText().nullable(),
  /** Three-week profit rate in percent. */
  three_week_rate: serverText().nullable(),
  /** Three-week win rate in percent. */
  three_week_win: serverText().nullable(),
  /** Three-week net profit (USDT). */
  three_week_profit: serverText(),
  three_week_trade_num: z.number().int(),
  three_week_drawdown: serverText().nullable(),
  /** All-time profit rate in percent. */
  total_rate: serverText().nullable(),
  total_win: serverText().nullable(),
  total_profit: serverText(),
  total_trade_num: z.number().int(),
  total_drawdown: serverText().nullable(),
  /** Active and paused followers. */
  followers: z.number().int(),
  /** When the trader opted in (Unix ms). */
  since: z.number().int(),
});
export type RankingEntry = z.infer<typeof RankingEntry>;

export const RankingList = z.array(RankingEntry);
export type RankingList = z.infer<typeof RankingList>;

export const TraderQuery = rowRequest({});
export type TraderQuery = z.infer<typeof TraderQuery>;

/** One point of a trader's equity curve (the trading result; deposits left out). */
export const EquityPoint = z.object({ time: z.number().int(), equity: serverText() });

/** A closed order of a trader, as a profile shows it. */
export const TraderTrade = z.object({
  id: z.number().int(),
  ShowCode: serverText(),
  /** 1 buy, 2 sell. */
  OrderType: z.union([z.literal(1), z.literal(2)]),
  Quantity: serverText(),
  Multiple: z.number().int(),
  OpenPrice: serverText(),
  ClosePrice: serverText(),
  /** Realised profit minus fee. */
  NetProfit: serverText(),
  OpenTime: z.number().int(),
  CloseTime: z.number().int(),
});
export type TraderTrade = z.infer<typeof TraderTrade>;

/** A follow's mode on the wire: 1 ratio (lots multiplier), 2 amount. */
export const FOLLOW_MODE = { ratio: 1, amount: 2 } as const;
export const FollowState = z.enum(['active', 'paused', 'stopped']);
export type FollowState = z.infer<typeof FollowState>;
/** Why a follow stopped: by its follower, by its copy stop-loss, or because the trader left. */
export const FollowStopReason = z.enum(['user', 'copy_stop_loss', 'trader_left']);
export type FollowStopReason = z.infer<typeof FollowStopReason>;

/** A follow relationship as its follower sees it. */
export const Follow = z.object({
  id: z.number().int(),
  trader_id: z.number().int(),
  trader_name: serverText(),
  trader_is_demo: z.union([z.literal(0), z.literal(1)]),
  mode: z.union([z.literal(1), z.literal(2)]),
  /** Lots multiplier (ratio mode); null in amount mode. */
  ratio: serverText().nullable(),
  /** The amount copied with (amount mode's scale) and the copy stop-loss's base, USDT. */
  amount: serverText(),
  /** Copy stop-loss in percent of the amount; "0" = none. */
  stop_loss_percent: serverText(),
  state: FollowState,
  stop_reason: FollowStopReason.nullable(),
  /** Net result of every copy: closed (realised - fee) and open (floating - fee), 6 places. */
  result: serverText(),
  open_copies: z.number().int(),
  closed_copies: z.number().int(),
  skipped: z.number().int(),
  created_at: z.number().int(),
  /** When it stopped; 0 while active or paused. */
  stopped_at: z.number().int(),
});
export type Follow = z.infer<typeof Follow>;

export const FollowList = z.array(Follow);
export type FollowList = z.infer<typeof FollowList>;

/** A trader's public profile, with the caller's own follow of them (null when none or anonymous). */
export const TraderProfile = z.object({
  trader: RankingEntry,
  curve: z.array(EquityPoint),
  recent: z.array(TraderTrade),
  my_follow: Follow.nullable(),
  /** 1 when the caller is this trader (a trader cannot follow themselves). */
  is_me: z.union([z.literal(0), z.literal(1)]),
});
export type TraderProfile = z.infer<typeof TraderProfile>;

/**
 * Follow (or change a follow) of a trader. `amount` is required in both modes: it is the copy
 * stop-loss's base, and in amount mode the scale of the copies.
 */
const followSettings = {
  mode: intField().pipe(z.union([z.literal(1), z.literal(2)], { error: 'validation.follow_mode' })),
  /** Required in ratio mode; ignored in amount mode. */
  ratio: decimalText('validation.copy_ratio').optional(),
  amount: decimalText('validation.copy_amount'),
  /** 0 to 100; absent or 0 = no copy stop-loss. */
  stop_loss_percent: decimalText('validation.copy_stop_loss').optional(),
  t: cacheBuster,
};

export const FollowRequest = z.object({ trader_id: positiveId(), ...followSettings });
export type FollowRequest = z.infer<typeof FollowRequest>;

export const FollowUpdateRequest = z.object({ id: positiveId(), ...followSettings });
export type FollowUpdateRequest = z.infer<typeof FollowUpdateRequest>;

export const FollowIdRequest = rowRequest({});
export type FollowIdRequest = z.infer<typeof FollowIdRequest>;

export const StopFollowRequest = rowRequest({
  /** 1: close the open copies at market too; 0 (default): keep them as the follower's own orders. */
  close_copies: truthyFlag().optional(),
});
export type StopFollowRequest = z.infer<typeof StopFollowRequest>;

/** Stopping answers the follow and how many copies it closed now or left for their market to open. */
export const StopFollowAnswer = z.object({
  follow: Follow,
  closed: z.number().int(),
  /** Copies whose market is closed now: they close when it opens. */
  waiting: z.number().int(),
});
export type StopFollowAnswer = z.infer<typeof StopFollowAnswer>;

export const CopyOrdersQuery = z.object({
  /** 1 holding, 3 history (closed); absent: both. */
  status: intField()
    .pipe(z.union([z.literal(1), z.literal(3)], { error: 'validation.order_tab' }))
    .optional(),
  /** Only the copies of this follow. */
  follow_id: positiveId().optional(),
  page: intField().min(1).max(LIMITS.pageNumberMax).default(1),
  limit: intField().min(1).max(LIMITS.pageSizeMax).default(LIMITS.copyOrdersPageSizeDefault),
  t: cacheBuster,
});
export type CopyOrdersQuery = z.infer<typeof CopyOrdersQuery>;

/** A copied order: the follower's own order with where it came from. */
export const CopyOrder = Order.extend({
  FollowId: z.number().int(),
  SourceOrderId: z.number().int(),
  TraderName: serverText(),
});
export type CopyOrder = z.infer<typeof CopyOrder>;

export const CopyOrderList = z.object({
  data: z.array(CopyOrder),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CopyOrderList = z.infer<typeof CopyOrderList>;

/** A trader's order that a follow did not copy, and why (a message in the request's language). */
export const CopySkip = z.object({
  source_order_id: z.number().int(),
  ShowCode: serverText(),
  reason: serverText(),
  /** The reason's key: copy.skip_below_min, copy.skip_insufficient_balance, ... */
  reason_key: serverText(),
  created_at: z.number().int(),
});
export const CopySkipList = z.array(CopySkip);
export type CopySkipList = z.infer<typeof CopySkipList>;

/** Opt in as a trader (or rename): followers see the display name. */
export const TraderOptInRequest = z.object({
  /** Normalized by the server before it is stored (packages/domain display-name.ts). */
  display_name: text()
    .min(LIMITS.traderNameLengthMin, { error: 'validation.trader_name_length' })
    .max(LIMITS.traderNameLengthMax, { error: 'validation.trader_name_length' }),
  t: cacheBuster,
});
export type TraderOptInRequest = z.infer<typeof TraderOptInRequest>;

/** The caller's own trader listing; null when they have not opted in. */
export const MyTrader = z
  .object({
    trader_id: z.number().int(),
    display_name: serverText(),
    /** 0 after opting out (the record stays for the history of past followers). */
    listed: z.union([z.literal(0), z.literal(1)]),
    followers: z.number().int(),
  })
  .nullable();
export type MyTrader = z.infer<typeof MyTrader>;

export const EmptyQuery = z.object({ t: cacheBuster });
