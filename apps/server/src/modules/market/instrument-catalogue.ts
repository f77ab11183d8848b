import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../clock';
import type { DbOrTx } from '../../db/database';
import { SERVER_LIMITS } from '../../limits';
import { catalogueVersion, type InstrumentRow, listAllInstruments } from './market.repository';

/** One reading of the catalogue: every instrument, enabled or not, by id order, as of `version`. */
export type CatalogueSnapshot = {
  readonly version: string;
  readonly rows: readonly InstrumentRow[];
  readonly byId: ReadonlyMap<number, InstrumentRow>;
};

/** A holder of something derived from the rows (the live market, the engine): told of every new snapshot. */
type CatalogueListener = (snapshot: CatalogueSnapshot) => void | Promise<void>;

/**
 * The one copy of the instruments a node keeps (docs/decisions.md, "one instrument catalogue"). Its
 * one invalidation rule: the database's catalogue version (market.repository `catalogueVersion`)
 * changes with every committed write to an instrument or a setting, whichever node or hand made it;
 * when a check finds a new version, the rows are read again and every listener takes them. A check
 * runs at once after a back-office edit on this node (`refresh`), on the market's terms timer, and
 * before a reader uses rows checked longer than SERVER_LIMITS.tradingTermsCacheMs ago (`read`), so
 * an edit reaches every node within that time, as the trading terms always did.
 */
export class InstrumentCatalogue {
  private snapshot: CatalogueSnapshot | undefined;
  private checkedAtMs = Number.NEGATIVE_INFINITY;
  /** The checks, one after another: a check that starts after a commit always sees it. */
  private checks: Promise<unknown> = Promise.resolve();
  /** The last check queued, until it settles: readers wait for it rather than use the rows held. */
  private latest: Promise<CatalogueSnapshot> | undefined;
  private readonly listeners = new Set<CatalogueListener>();

  constructor(
    private readonly dependencies: { db: DbOrTx; clock: Clock; log: Pick<FastifyBaseLogger, 'error'> },
  ) {}

  /** The snapshot held now, without a check (a socket push formats with it); undefined before the first. */
  get held(): CatalogueSnapshot | undefined {
    return this.snapshot;
  }

  /** The snapshot, checked against the version first when the last check is too old (a clock moved back counts). */
  read(): Promise<CatalogueSnapshot> {
    if (this.latest) return this.latest;
    const ageMs = this.dependencies.clock.now().getTime() - this.checkedAtMs;
    if (this.snapshot && ageMs >= 0 && ageMs < SERVER_LIMITS.tradingTermsCacheMs)
      return Promise.resolve(this.snapshot);
    return this.refresh();
  }

  /**
   * Checks the version now and, when it moved, reads the rows and waits for every listener to take
   * them. From this call on, readers wait for this check (so a change committed before it is never
   * missed by the next reader). A failed check keeps the snapshot held and rejects; the next tries again.
   */
  refresh(): Promise<CatalogueSnapshot> {
    const check = this.checks.then(() => this.check());
    this.checks = check.catch(() => {});
    this.latest = check;
    const settled = () => {
      if (this.latest === check) this.latest = undefined;
    };
    check.then(settled, settled);
    return check;
  }

  /**
   * Subscribes to new snapshots; answers the unsubscribe. A listener works with the snapshot it is
   * handed: reading the catalogue from inside would wait for the very check that calls it.
   */
  onChange(listener: CatalogueListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async check(): Promise<CatalogueSnapshot> {
    const { db, clock } = this.dependencies;
    const startedAtMs = clock.now().getTime();
    // The version before the rows: rows newer than their version only cause one more reading later.
    const version = await catalogueVersion(db);
    const held = this.snapshot;
    if (held && held.version === version) {
      this.checkedAtMs = startedAtMs;
      return held;
    }
    const rows = await listAllInstruments(db);
    const snapshot: CatalogueSnapshot = { version, rows, byId: new Map(rows.map((row) => [row.id, row])) };
    this.snapshot = snapshot;
    this.checkedAtMs = startedAtMs;
    if (held && !(await this.notify(snapshot))) {
      // A holder did not take the rows (the database went away mid-way): no version matches this
      // snapshot, so the next check hands the rows to every holder again (taking them is idempotent).
      this.snapshot = { ...snapshot, version: '' };
    }
    return snapshot;
  }

  /** Hands the snapshot to every listener; answers whether all of them took it. */
  private async notify(snapshot: CatalogueSnapshot): Promise<boolean> {
    const taken = await Promise.all(
      [...this.listeners].map(async (listener) => {
        try {
          await listener(snapshot);
          return true;
        } catch (error) {
          // One holder failing to take the rows does not keep them from the others.
          this.dependencies.log.error({ err: error }, 'instrument catalogue listener failed');
          return false;
        }
      }),
    );
    return taken.every(Boolean);
  }
}
