import {
  EDITABLE_TERMS,
  type EditableTerms,
  instrumentTermsIssue,
  type StaffInstrument,
  type StaffInstrumentList,
  TERMS_NEEDING_NO_LIVE_ORDERS,
  type UpdateInstrumentRequest,
} from '@meridian/contract/instruments-staff';
import { plainDecimal } from '@meridian/domain/money';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import {
  type InstrumentRow,
  type InstrumentTermsPatch,
  listCategoryNames,
  listInstruments,
  lockInstrument,
  updateInstrumentTerms,
} from '../market/market.public';
import { type AuthenticatedStaff, actorOf, recordAudit, requirePermission } from '../staff/staff.public';
import { staffAction } from '../staff-action';
import * as repository from './trading.repository';

// The back office's instrument terms (permission instruments.edit). The instruments table is the
// market area's; the terms are what trading enforces, and whether orders are live on an instrument
// is trading's to know, so the edit lives here and writes through the market's front door.

function editableTerms(row: InstrumentRow): EditableTerms {
  return {
    spread: plainDecimal(row.spread),
    enabled: row.enabled,
    leverages: [...row.leverages],
    min_lots: plainDecimal(row.minLots),
    max_lots: plainDecimal(row.maxLots),
    pip: plainDecimal(row.pip),
    fee_rate: plainDecimal(row.feeRate),
    price_precision: row.pricePrecision,
    session: row.session,
    feed_symbol: row.feedSymbol,
    markup_points: row.markupPoints,
  };
}

function staffInstrumentView(
  context: ServerContext,
  row: InstrumentRow,
  liveOrders: number,
): StaffInstrument {
  const quote = context.market.quote(row.id);
  return {
    id: row.id,
    code: row.code,
    show_code: row.showCode,
    category_id: row.categoryId,
    quote_currency: row.quoteCurrency,
    units_per_lot: plainDecimal(row.unitsPerLot),
    margin_mode: row.marginMode,
    ...editableTerms(row),
    live_orders: liveOrders,
    bid: quote?.bid ?? '',
    ask: quote?.ask ?? '',
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every instrument, enabled or not, with its terms and its live orders, by category. */
export async function listStaffInstruments(
  context: ServerContext,
  staff: AuthenticatedStaff,
): Promise<StaffInstrumentList> {
  await requirePermission(context, staff, 'instruments.edit');
  const [categories, rows, live] = await Promise.all([
    listCategoryNames(context.db),
    listInstruments(context.db),
    repository.countLiveOrdersByInstrument(context.db),
  ]);
  const ordered = [...rows].sort((a, b) => a.categoryId - b.categoryId || a.sort - b.sort || a.id - b.id);
  return { categories, list: ordered.map((row) => staffInstrumentView(context, row, live.get(row.id) ?? 0)) };
}

const COLUMN_OF: Record<keyof EditableTerms, keyof InstrumentTermsPatch> = {
  spread: 'spread',
  enabled: 'enabled',
  leverages: 'leverages',
  min_lots: 'minLots',
  max_lots: 'maxLots',
  pip: 'pip',
  fee_rate: 'feeRate',
  price_precision: 'pricePrecision',
  session: 'session',
  feed_symbol: 'feedSymbol',
  markup_points: 'markupPoints',
};

function sameTerm(a: EditableTerms[keyof EditableTerms], b: EditableTerms[keyof EditableTerms]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Changes an instrument's terms, in one transaction under the instrument's row lock: the edit is
 * checked as a whole (ranges, minimum not above maximum, lots on the step), the precision and the
 * session only while no order is live on it, and the change is written with its audit entry
 * (before and after of the fields that changed). Once committed it applies at once on this node:
 * the market checks the instrument catalogue's version (`refreshTerms`), and every holder takes the
 * new rows before the answer: the trading terms, the live market (the next quote has the new spread;
 * a real feed re-subscribes a changed feed symbol and applies the markup), the trigger engine and the
 * forex.closed labels. The other nodes see the new version at their next check.
 */
export const updateStaffInstrument = staffAction(
  'instruments.edit',
  async (context, staff, request: UpdateInstrumentRequest, at): Promise<StaffInstrument> => {
    const { row, liveOrders } = await context.db.transaction(async (tx) => {
      const stored = await lockInstrument(tx, request.id);
      if (!stored) throw new Rejection('error.instrument_unknown');
      const before = editableTerms(stored);
      const after: EditableTerms = { ...before };
      for (const field of EDITABLE_TERMS) {
        const value = request[field];
        if (value !== undefined) (after as Record<string, unknown>)[field] = value;
      }
      const changed = EDITABLE_TERMS.filter((field) => !sameTerm(before[field], after[field]));
      if (changed.length === 0) throw new Rejection('error.nothing_to_change');
      const issue = instrumentTermsIssue(after);
      if (issue) throw new Rejection(issue.key, issue.params);
      const count = await repository.countLiveOrdersOnInstrument(tx, stored.id);
      const shaping = changed.filter((field) =>
        (TERMS_NEEDING_NO_LIVE_ORDERS as readonly string[]).includes(field),
      );
      if (shaping.length > 0 && count > 0)
        throw new Rejection('error.instrument_terms_in_use', { count: String(count) });
      const patch: Record<string, unknown> = {};
      for (const field of changed) patch[COLUMN_OF[field]] = after[field];
      const updated = await updateInstrumentTerms(tx, stored.id, patch as InstrumentTermsPatch, at);
      if (!updated) throw new Error(`instrument ${stored.id} vanished under its lock`);
      await recordAudit(tx, actorOf(staff), {
        action: 'instruments.update',
        target: `instrument:${stored.id}`,
        details: {
          code: stored.code,
          before: Object.fromEntries(changed.map((field) => [field, before[field]])),
          after: Object.fromEntries(changed.map((field) => [field, after[field]])),
        },
        at,
      });
      return { row: updated, liveOrders: count };
    });
    await context.market.refreshTerms();
    return staffInstrumentView(context, row, liveOrders);
  },
);
