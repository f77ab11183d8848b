import pg from 'pg';

/**
 * Where mirroring's time goes, without touching the server's code: every statement that a
 * node-postgres client runs in this process (the server runs in it too) is timed from the call to
 * its answer and put in a phase by its SQL text; every transaction (`begin` to the end of its
 * `commit`) is timed on its client. Mirroring runs its batches one after another, so the sum of the
 * statements' times is the time spent waiting for PostgreSQL, and the rest of a round is the
 * server's JavaScript (drizzle's query building, decimal sizing, the copies' events).
 */

/** Phases in the order a mirroring batch meets them; the first pattern that matches wins. */
const PHASES: readonly (readonly [string, RegExp])[] = [
  ['begin', /^begin/],
  ['commit', /^commit/],
  ['rollback', /^rollback/],
  ['follows to mirror (one read per trader order)', /^select .* from follows where .*active_since/],
  ['lock follows (for update)', /^select .* from follows where .* for update/],
  ['already answered: copies', /^select follow_id from orders where/],
  ['already answered: skips', /^select follow_id from copy_skips where/],
  ['lock accounts (for update)', /^select .* from trading_accounts where .* for update/],
  ['open-order counts', /^select user_id, count\(\*\)::int from orders/],
  ['insert copies (orders)', /^insert into orders/],
  ['ledger: margin held by the orders', /^select .*sum\(.*from ledger_entries .*group by/],
  ['ledger: insert entries', /^insert into ledger_entries/],
  ['ledger: update balances', /^\s*update trading_accounts/],
  ['ledger: entries and balance in one statement', /^with entries as \( insert into ledger_entries/],
  ['insert skips', /^insert into copy_skips/],
  ['close: mark the order closed', /^update orders/],
  ['close: margin held by the order', /from ledger_entries/],
];

export type PhaseFigure = { phase: string; statements: number; ms: number };

type Queryable = { query: (...args: unknown[]) => unknown };

function textOf(first: unknown): string {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first) return String((first as { text: unknown }).text);
  return '';
}

function phaseOf(text: string): string {
  const plain = text.replaceAll('"', '').replace(/\s+/g, ' ').trim().toLowerCase();
  for (const [phase, pattern] of PHASES) if (pattern.test(plain)) return phase;
  return `other: ${plain.slice(0, 60)}`;
}

export class QueryProfile {
  private readonly phases = new Map<string, PhaseFigure>();
  private readonly openTransactions = new WeakMap<object, number>();
  private transactionsMs: number[] = [];
  private recording = false;
  private original: Queryable['query'] | undefined;

  /** Wraps `pg.Client.prototype.query` (every pooled client of this process). */
  install(): void {
    if (this.original) return;
    const prototype = pg.Client.prototype as unknown as Queryable;
    const original = prototype.query;
    this.original = original;
    const profile = this;
    prototype.query = function (this: object, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (profile.recording && result instanceof Promise) profile.time(this, textOf(args[0]), result);
      return result;
    };
  }

  uninstall(): void {
    if (!this.original) return;
    (pg.Client.prototype as unknown as Queryable).query = this.original;
    this.original = undefined;
  }

  start(): void {
    this.phases.clear();
    this.transactionsMs = [];
    this.recording = true;
  }

  stop(): { phases: PhaseFigure[]; transactionsMs: number[] } {
    this.recording = false;
    return {
      phases: [...this.phases.values()].map((figure) => ({ ...figure })),
      transactionsMs: [...this.transactionsMs],
    };
  }

  private time(client: object, text: string, answer: Promise<unknown>): void {
    const started = performance.now();
    const phase = phaseOf(text);
    if (phase === 'begin') this.openTransactions.set(client, started);
    const done = () => {
      const ended = performance.now();
      const figure = this.phases.get(phase) ?? { phase, statements: 0, ms: 0 };
      figure.statements += 1;
      figure.ms += ended - started;
      this.phases.set(phase, figure);
      if (phase === 'commit' || phase === 'rollback') {
        const began = this.openTransactions.get(client);
        if (began !== undefined) this.transactionsMs.push(ended - began);
        this.openTransactions.delete(client);
      }
    };
    answer.then(done, done);
  }
}
