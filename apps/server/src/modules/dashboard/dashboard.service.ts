import type { Dashboard, ExposureRow, FeedHealth } from '@meridian/contract/back-office';
import { ORDER_TYPE } from '@meridian/contract/trading';
import type { ServerContext } from '../../context';
import { newCustomerCounts } from '../auth/auth.public';
import { staffQuality } from '../execution/execution.public';
import { fundsFigures } from '../funds/funds.public';
import { pendingSubmissionCount } from '../kyc/kyc.public';
import type { FeedHealthReport } from '../market/market.public';
import { conversationsAwaitingAgent } from '../support/support.public';
import { checkRecentFills, type InstrumentExposure, openExposure } from '../trading/trading.public';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What the dashboard reads of the node it runs on: the socket hub's count, and the price feed's
 * health at a moment (the market area's report: a real feed runs on one node, the leader).
 */
export type NodeFigures = { sockets(): number; feed(nowMs: number): FeedHealthReport };

const iso = (ms: number | undefined) => (ms === undefined ? '' : new Date(ms).toISOString());

/** The feed's report in the contract's shape; with the simulator, no connection figures. */
function feedHealth(report: FeedHealthReport): FeedHealth {
  if (report.simulated)
    return { simulated: true, runs_here: true, sources: [], instruments: [], switches: [] };
  return {
    simulated: false,
    runs_here: report.runsHere,
    sources: report.sources.map((source) => ({
      role: source.role,
      kind: source.kind,
      state: source.state,
      detail: source.detail ?? '',
      active: source.active,
      last_quote_at: iso(source.lastQuoteMs),
      quotes_received: source.quotesReceived,
    })),
    instruments: report.instruments.map((instrument) => ({
      instrument_id: instrument.instrumentId,
      code: instrument.code,
      symbol: instrument.symbol,
      received: instrument.received,
      accepted: instrument.accepted,
      refused: instrument.refused,
      last_quote_age_seconds:
        instrument.lastQuoteAgeMs === undefined ? null : Math.round(instrument.lastQuoteAgeMs / 100) / 10,
      rejected: instrument.rejected ?? '',
      reason: instrument.reason,
    })),
    switches: report.switches.map((change) => ({
      from: change.from,
      to: change.to,
      at: iso(change.atMs),
      reason: change.reasonCode,
    })),
  };
}

function exposureRow(row: InstrumentExposure): ExposureRow {
  return {
    instrument_id: row.instrumentId,
    code: row.code,
    positions: row.positions,
    long_lots: row.longLots,
    short_lots: row.shortLots,
    net_lots: row.netLots,
  };
}

/**
 * The back office's first screen: what waits for staff, today's customers and money (the UTC day),
 * the open positions by instrument with real and demo money apart, this node's sockets and the
 * price feed's health, the fills against the fill invariant and the public execution-quality
 * figures. Every figure is read from its own area's front door; nothing is written.
 */
export async function dashboard(context: ServerContext, node: NodeFigures): Promise<Dashboard> {
  const now = context.clock.now();
  const dayStart = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const dayEnd = new Date(dayStart.getTime() + DAY_MS);
  const identity = await pendingSubmissionCount(context.db);
  const support = await conversationsAwaitingAgent(context.db);
  const customers = await newCustomerCounts(context.db, dayStart, dayEnd);
  const funds = await fundsFigures(context.db, dayStart, dayEnd);
  const exposure = await openExposure(context.db);
  const fills = await checkRecentFills(context.db, now);
  const quality = await staffQuality(context);
  const of = (mode: 'real' | 'demo') => exposure.filter((row) => row.mode === mode);
  const positions = (mode: 'real' | 'demo') => of(mode).reduce((sum, row) => sum + row.positions, 0);
  return {
    day_start: dayStart.toISOString(),
    generated_at: now.toISOString(),
    pending: {
      identity,
      deposits: funds.pendingDeposits,
      withdrawals: funds.pendingWithdrawals,
      support,
    },
    new_customers: customers,
    deposits: { submitted: funds.depositsSubmitted, credited: funds.depositsCredited },
    withdrawals: { requested: funds.withdrawalsRequested, paid: funds.withdrawalsPaid },
    exposure: { real: of('real').map(exposureRow), demo: of('demo').map(exposureRow) },
    open_positions: { real: positions('real'), demo: positions('demo') },
    sockets: node.sockets(),
    feed: feedHealth(node.feed(now.getTime())),
    execution: {
      since: fills.since.toISOString(),
      fills: fills.fills,
      broken: fills.broken,
      list: fills.list.map((fill) => ({
        order_id: fill.orderId,
        code: fill.code,
        price_precision: fill.pricePrecision,
        kind: fill.kind,
        type: ORDER_TYPE[fill.side],
        price: fill.price,
        expected: fill.expected,
        filled_at: fill.filledAt.toISOString(),
      })),
    },
    execution_quality: quality,
  };
}
