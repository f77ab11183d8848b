import { z } from 'zod';
import { ExecutionQualityDay } from './execution-quality';
import { cacheBuster, email, patternText, positiveId, serverText, text } from './fields';
import { LIMITS } from './limits';
import { AuditSortKey, listSortFields } from './list-sort';
import { MarketStatusReason } from './market';
import { pageOf, pagingFields } from './paging';
import { proposalOutcomeFields } from './proposal-outcome';
import { rowRequest } from './row-request';
import { StaffRole, staffNameField } from './staff';

/**
 * The back office's own screens, under /admin/api behind the staff guard:
 *
 * - GET  /dashboard                      (dashboard.read) -> Dashboard
 * - GET  /audit?staff_id&action&target&from&to&page&limit (audit.read) -> AuditPage, newest first
 * - GET  /staff/list                     (staff.manage) -> StaffAccountList
 * - POST /staff/create {email, name, role}              -> StaffCreateOutcome (the link, shown once;
 *        an admin account is proposed instead, proposals-staff.ts, and its link goes to the approver)
 * - POST /staff/role {id, role}                         -> StaffRoleOutcome (a promotion to admin is proposed)
 * - POST /staff/disable {id} | /staff/enable {id}       -> StaffAccount (disabling ends their sessions)
 * - POST /staff/reissue_enrolment {id}                  -> StaffEnrolmentLink (old secret and codes spent)
 *
 * Decimals are numeric text, never floats. Nothing here can set a price, a candle or an order.
 */

const usdt = () => serverText();

/** A count and its USDT value. */
export const FundsFigure = z.object({ count: z.number().int(), usdt: usdt() });

/** Open positions of one instrument: long and short lots and the net (long minus short). */
export const ExposureRow = z.object({
  instrument_id: z.number().int(),
  code: serverText(),
  positions: z.number().int(),
  long_lots: serverText(),
  short_lots: serverText(),
  net_lots: serverText(),
});
export type ExposureRow = z.infer<typeof ExposureRow>;

/** The quote refusals a real feed counts (packages/domain quote-checks.ts `QUOTE_REFUSALS`). */
export const FEED_REFUSALS = [
  'not_a_number',
  'not_positive',
  'one_sided',
  'crossed',
  'outside_band',
  'spike',
] as const;
export type FeedRefusal = (typeof FEED_REFUSALS)[number];

/** One connection of a real feed. */
export const FeedSourceHealth = z.object({
  role: z.enum(['primary', 'secondary']),
  kind: z.enum(['fix', 'websocket']),
  state: z.enum(['connecting', 'connected', 'disconnected']),
  /** The venue's last text (a logout, a reject at logon) or the last connection error; empty if none. */
  detail: serverText(),
  /** Whether the market takes its prices from this one now. */
  active: z.boolean(),
  /** ISO 8601 of its last quote (any symbol); empty if none yet. */
  last_quote_at: serverText(),
  quotes_received: z.number().int(),
});
export type FeedSourceHealth = z.infer<typeof FeedSourceHealth>;

/** One instrument on a real feed: quotes counted since the node started running the feed. */
export const FeedInstrumentHealth = z.object({
  instrument_id: z.number().int(),
  code: serverText(),
  /** The feed symbol subscribed; null: none (no price on a real feed). */
  symbol: serverText().nullable(),
  received: z.number().int(),
  accepted: z.number().int(),
  refused: z.object(
    Object.fromEntries(FEED_REFUSALS.map((reason) => [reason, z.number().int()])) as {
      [reason in FeedRefusal]: z.ZodNumber;
    },
  ),
  /** Seconds since its last accepted quote; null: none yet. */
  last_quote_age_seconds: z.number().nullable(),
  /** The venue's reason for refusing the symbol; empty if not refused. */
  rejected: serverText(),
  /** Why it cannot be traded now (MarketStatusReason); null: it can. */
  reason: MarketStatusReason,
});
export type FeedInstrumentHealth = z.infer<typeof FeedInstrumentHealth>;

/** A switch between the primary and the secondary feed. */
export const FeedSwitchRow = z.object({
  from: z.enum(['primary', 'secondary']),
  to: z.enum(['primary', 'secondary']),
  at: serverText(),
  reason: z.enum(['primary_disconnected', 'primary_silent', 'primary_healthy', 'other']),
});
export type FeedSwitchRow = z.infer<typeof FeedSwitchRow>;

/**
 * The price feed as the answering node sees it. With the simulator: `simulated` and no
 * connection figures (empty lists). On a real feed the counts are those of the node that runs the
 * feed; another node (`runs_here` false) only judges the prices the leader relays.
 */
export const FeedHealth = z.object({
  simulated: z.boolean(),
  runs_here: z.boolean(),
  sources: z.array(FeedSourceHealth),
  instruments: z.array(FeedInstrumentHealth),
  /** The last switches, newest first. */
  switches: z.array(FeedSwitchRow),
});
export type FeedHealth = z.infer<typeof FeedHealth>;

/** A fill whose price was not the one its recorded quote gives (there must be none). */
export const BrokenFill = z.object({
  order_id: z.number().int(),
  /** The order's instrument, and its price places (prices are shown with at least these). */
  code: serverText(),
  price_precision: z.number().int(),
  kind: serverText(),
  /** 1 buy, 2 sell, as orders. */
  type: z.number().int(),
  price: serverText(),
  /** The price the recorded quote gives (its side, or the trigger's); null when the record lacks it. */
  expected: serverText().nullable(),
  filled_at: serverText(),
});
export type BrokenFill = z.infer<typeof BrokenFill>;

/** The fills of the last 24 hours against the fill invariant (docs/decisions.md "Fill invariant"). */
export const ExecutionCheck = z.object({
  since: serverText(),
  fills: z.number().int(),
  broken: z.number().int(),
  /** The newest broken fills (at most 20). */
  list: z.array(BrokenFill),
});

/**
 * One instrument's execution quality as staff see it (docs/decisions.md
 * "Execution quality for staff"): the public report's figures of its last day with fills, exactly
 * as `GET /api/execution/quality` answers them, and the period's totals that add up exactly
 * (no median over the period: a median of daily medians is not one).
 */
export const ExecutionQualityStaffRow = z.object({
  forex_id: z.number().int(),
  code: serverText(),
  name: serverText(),
  /** The last UTC day with fills in the period; null when the period had only stale time. */
  latest: ExecutionQualityDay.nullable(),
  period: z.object({
    fills: z.number().int(),
    days_with_fills: z.number().int(),
    /** Fills at or better over all the period's fills, 0 to 1 (4 places). */
    at_or_better_share: serverText(),
    stale_seconds: z.number().int(),
  }),
});
export type ExecutionQualityStaffRow = z.infer<typeof ExecutionQualityStaffRow>;

export const ExecutionQualityStaff = z.object({
  /** The period's UTC days (today included), as the public report's `days`. */
  days: z.number().int(),
  /** When the job last ran (Unix ms); 0 before its first run. */
  updated_at: z.number().int(),
  list: z.array(ExecutionQualityStaffRow),
});
export type ExecutionQualityStaff = z.infer<typeof ExecutionQualityStaff>;
export type ExecutionCheck = z.infer<typeof ExecutionCheck>;

export const Dashboard = z.object({
  /** The UTC day the "today" figures count (ISO 8601 of its start), and when they were read. */
  day_start: serverText(),
  generated_at: serverText(),
  pending: z.object({
    identity: z.number().int(),
    deposits: z.number().int(),
    withdrawals: z.number().int(),
    /** Conversations with a customer message no agent has read. */
    support: z.number().int(),
  }),
  new_customers: z.object({ real: z.number().int(), demo: z.number().int() }),
  deposits: z.object({ submitted: FundsFigure, credited: FundsFigure }),
  withdrawals: z.object({ requested: FundsFigure, paid: FundsFigure }),
  /** Real money and demo money kept apart. */
  exposure: z.object({ real: z.array(ExposureRow), demo: z.array(ExposureRow) }),
  open_positions: z.object({ real: z.number().int(), demo: z.number().int() }),
  /** Sockets connected to the node that answered. */
  sockets: z.number().int(),
  /** The price feed's health. */
  feed: FeedHealth,
  /** The last 24 hours' fills and any that broke the fill invariant. */
  execution: ExecutionCheck,
  /** The public execution-quality report's figures per instrument, over the last 30 days. */
  execution_quality: ExecutionQualityStaff,
});
export type Dashboard = z.infer<typeof Dashboard>;

export const DashboardQuery = z.object({ t: cacheBuster });

/** A UTC day, YYYY-MM-DD. */
const day = () => patternText(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'validation.invalid_format');

export const AuditQuery = z.object({
  staff_id: positiveId().optional(),
  /** An action name (`staff.login`) or its area with a dot (`staff.`): names that start with it. */
  action: patternText(/^[a-z_.]*$/, 'validation.invalid_format')
    .max(LIMITS.auditActionLengthMax)
    .optional(),
  /** What was acted on, exactly (`user:12`, `staff:3`). */
  target: text(LIMITS.auditTargetLengthMax).optional(),
  /** Only changes, only reads of customers' data, or only sign-ins and refusals (audit-actions.ts). */
  kind: z.enum(['change', 'read', 'access'], { error: 'validation.invalid_format' }).optional(),
  /** The first and last UTC day, both included. */
  from: day().optional(),
  to: day().optional(),
  ...pagingFields(LIMITS.auditPageSizeDefault),
  ...listSortFields(AuditSortKey),
  t: cacheBuster,
});
export type AuditQuery = z.infer<typeof AuditQuery>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: serverText(),
  /** Null for the command line or a sign-in attempt of an unknown account. */
  staff: z.object({ id: z.number().int(), name: serverText(), email: serverText() }).nullable(),
  action: serverText(),
  target: serverText().nullable(),
  address: serverText().nullable(),
  details: z.record(serverText(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditPage = pageOf(AuditEntry);

export const StaffAccount = z.object({
  id: z.number().int(),
  email: serverText(),
  name: serverText(),
  role: StaffRole,
  active: z.boolean(),
  /** Whether the authenticator app is set up (false while an enrolment link is open). */
  enrolled: z.boolean(),
  /** ISO 8601 when an enrolment link is open and until when; empty otherwise. */
  enrolment_expires_at: serverText(),
  created_at: serverText(),
  /** The last sign-in (ISO 8601), empty if never. */
  last_seen_at: serverText(),
});
export type StaffAccount = z.infer<typeof StaffAccount>;

export const StaffAccountList = z.object({ list: z.array(StaffAccount) });

export const StaffListQuery = z.object({ t: cacheBuster });

export const CreateStaffRequest = z.object({
  email: email(),
  name: staffNameField().min(1, { error: 'validation.required' }),
  role: StaffRole,
  t: cacheBuster,
});

export const StaffRoleRequest = z.object({ id: positiveId(), role: StaffRole, t: cacheBuster });
export const StaffIdRequest = rowRequest({});

/** The account as it stands, and whether the role change applied or awaits a second admin. */
export const StaffRoleOutcome = StaffAccount.extend(proposalOutcomeFields);
export type StaffRoleOutcome = z.infer<typeof StaffRoleOutcome>;

/** The enrolment link (a path under the site), shown once: only its hash is kept. */
export const StaffEnrolmentLink = z.object({
  staff: StaffAccount,
  enrolment_path: serverText(),
  expires_at: serverText(),
});
export type StaffEnrolmentLink = z.infer<typeof StaffEnrolmentLink>;
