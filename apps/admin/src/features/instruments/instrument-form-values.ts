import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import type { InstrumentChanges } from './instruments-api';

/** A plain decimal of at most 8 places, as the server takes it (its ranges are the server's to say). */
export const TERM = /^\d{1,12}(\.\d{1,8})?$/;
/** Digits only; the range is checked beside it. */
export const MARKUP = /^\d{1,7}$/;

export type InstrumentFormValues = {
  enabled: boolean;
  spread: string;
  leverages: string[];
  min_lots: string;
  max_lots: string;
  pip: string;
  fee_rate: string;
  price_precision: number;
  session: 'weekly' | 'always';
  /** '' for none. */
  feed_symbol: string;
  markup_points: string;
};

export function formValuesOf(row: StaffInstrument): InstrumentFormValues {
  return {
    enabled: row.enabled,
    spread: row.spread,
    leverages: row.leverages.map(String),
    min_lots: row.min_lots,
    max_lots: row.max_lots,
    pip: row.pip,
    fee_rate: row.fee_rate,
    price_precision: row.price_precision,
    session: row.session,
    feed_symbol: row.feed_symbol ?? '',
    markup_points: String(row.markup_points),
  };
}

/** Only the fields the form changed, in the request's shapes. */
export function changesOf(row: StaffInstrument, values: InstrumentFormValues): InstrumentChanges {
  const before = formValuesOf(row);
  const changes: InstrumentChanges = {};
  if (values.enabled !== before.enabled) changes.enabled = values.enabled;
  for (const name of ['spread', 'min_lots', 'max_lots', 'pip', 'fee_rate'] as const) {
    const next = values[name].trim();
    if (next !== before[name]) changes[name] = next;
  }
  const leverages = values.leverages.map(Number).sort((a, b) => a - b);
  if (leverages.join(',') !== row.leverages.join(',')) changes.leverages = leverages;
  if (values.price_precision !== before.price_precision) changes.price_precision = values.price_precision;
  if (values.session !== before.session) changes.session = values.session;
  // An empty symbol is sent as '' (the server stores none); the markup as a whole number.
  const symbol = values.feed_symbol.trim();
  if (symbol !== before.feed_symbol) changes.feed_symbol = symbol;
  const markup = Number(values.markup_points.trim());
  if (markup !== row.markup_points) changes.markup_points = markup;
  return changes;
}
