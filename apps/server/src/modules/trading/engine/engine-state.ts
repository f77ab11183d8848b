import type { FastifyBaseLogger } from 'fastify';
import type { InstrumentRow } from '../../market/market.public';
import { type InstrumentTerms, termsOf } from '../instrument-terms';
import type { PositionBook } from './position-book';
import { conversionDependents } from './trade-figures';
import type { TriggerIndex } from './trigger-index';

/**
 * The instruments' terms as the engine fires and marks with them, and which instruments convert
 * through which. A change builds new maps rather than editing these: a batch of closes keeps the
 * terms map it was handed for its whole run.
 */
export class EngineCatalogue {
  terms = new Map<number, InstrumentTerms>();
  /** instrument id -> instruments whose prices convert into USDT through it. */
  dependents = new Map<number, number[]>();

  /** Takes the instruments' terms, defines them in the index, and maps conversion dependencies. */
  set(terms: InstrumentTerms[], index: TriggerIndex): void {
    this.terms = new Map(terms.map((item) => [item.id, item]));
    this.dependents = conversionDependents(terms);
    for (const item of terms) index.defineInstrument(item.id, item.pricePrecision);
  }

  /**
   * Takes the terms as staff left them (session, precision, conversion). An instrument whose
   * precision changed while triggers rest on it (the back office refuses that edit, so only a race
   * can do it) keeps its old terms here until the next rebuild, and is reported.
   */
  retake(rows: readonly InstrumentRow[], index: TriggerIndex, log: FastifyBaseLogger): void {
    const terms = rows.map((row) => {
      const fresh = termsOf(row);
      try {
        index.defineInstrument(fresh.id, fresh.pricePrecision);
        return fresh;
      } catch (error) {
        log.error({ err: error, instrumentId: fresh.id }, 'instrument precision change not taken');
        return this.terms.get(fresh.id) ?? fresh;
      }
    });
    this.terms = new Map(terms.map((item) => [item.id, item]));
    this.dependents = conversionDependents(terms);
  }
}

/**
 * What the engine works on, shared with the parts in the files beside it: a rebuild puts its new
 * index and book here, so each part reads the current ones after every await, as the engine does.
 */
export type EngineState = {
  index: TriggerIndex;
  book: PositionBook;
  readonly catalogue: EngineCatalogue;
};
