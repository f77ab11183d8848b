import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import { SERVER_LIMITS } from '../../limits';
import type { MessageChannel } from '../../messages';
import { PermanentDeliveryError, type Transport } from './delivery';
import * as repository from './outbox.repository';
import { messageOf } from './outbox.service';

/** The transport of each channel, chosen at start from the configuration (outbox-transports.ts). */
export type Transports = Record<MessageChannel, Transport>;

type OutboxSenderOptions = {
  /** Whether this node leads (holds the trading engine's lock): only the leader delivers. */
  leads(): boolean;
  transports: Transports;
  /** Tries before a row is given up as failed. */
  maxAttempts: number;
  /** Polls by itself (the server); tests call `deliverDue` by hand. */
  autoStart: boolean;
  /** Uniform in [0, 1), for the backoff's jitter; tests pass a fixed one. */
  random?: () => number;
};

/**
 * The wait before the next try after `attempts` failed ones: doubling from the base up to the cap,
 * with equal jitter (half of it fixed, half random), so that many rows failing together (a provider
 * down) spread their retries out instead of coming back at once.
 */
export function retryDelayMs(attempts: number, random: () => number): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 30);
  const step = Math.min(SERVER_LIMITS.outboxBackoffCapMs, SERVER_LIMITS.outboxBackoffBaseMs * 2 ** exponent);
  return Math.round(step / 2 + (random() * step) / 2);
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, SERVER_LIMITS.outboxErrorLengthMax);
}

/**
 * Delivers the outbox (docs/operations.md "Delivery"). On the leading node only, it claims
 * due rows (committed before delivery: see `claimDue`), hands each to its channel's transport and
 * marks it sent, or schedules the next try with backoff, or marks it failed after `maxAttempts`
 * tries or a permanent refusal. It polls every `outboxPollMs` and runs at once when a producer on
 * this node says it queued a row (`outbox.queued`). Stopping waits for the deliveries in flight, so
 * a clean restart leaves no row `sending` and sends none twice.
 */
export class OutboxSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  /** Whether this node was leading at its last pass (a new lead first releases stale claims). */
  private leading = false;
  private stopped = false;
  private unsubscribe: (() => void) | undefined;

  constructor(
    private readonly context: ServerContext,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
    private readonly options: OutboxSenderOptions,
  ) {}

  start(): void {
    if (!this.options.autoStart) return;
    this.unsubscribe = this.context.events.on('outbox.queued', () => this.wake());
    this.timer = setInterval(() => this.wake(), SERVER_LIMITS.outboxPollMs);
    this.wake();
  }

  /** Looks for due rows now, unless a pass is running (then it runs once more after it). */
  wake(): void {
    if (this.stopped) return;
    if (!this.options.leads()) {
      this.leading = false;
      return;
    }
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = undefined;
    });
  }

  /** Delivers every due row and resolves when none is left due (tests, and the crash test's restart). */
  async deliverDue(): Promise<void> {
    await this.running;
    this.wake();
    await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.unsubscribe?.();
    await this.running;
    const transports = new Set(Object.values(this.options.transports));
    for (const transport of transports) await transport.close?.();
  }

  private async drain(): Promise<void> {
    try {
      if (!this.leading) {
        // This node has just taken the lead: what the previous leader left `sending` goes out now
        // (again: at least once, the row id lets receivers drop a repeat), not after its lease.
        const released = await repository.releaseClaims(this.context.db, this.context.clock.now());
        if (released > 0)
          this.log.warn({ released }, 'outbox rows left sending by a stopped leader released');
        this.leading = true;
      }
      do {
        this.again = false;
        while (!this.stopped && (await this.deliverBatch()) > 0) {
          // Each batch's rows are done; claim the next ones while any are due.
        }
      } while (this.again && !this.stopped);
    } catch (error) {
      // The database is away: the next poll tries again.
      this.log.error({ err: error }, 'outbox pass failed');
    }
  }

  private async deliverBatch(): Promise<number> {
    const now = this.context.clock.now();
    const claimed = await repository.claimDue(this.context.db, {
      now,
      leaseUntil: new Date(now.getTime() + SERVER_LIMITS.outboxClaimLeaseMs),
      limit: SERVER_LIMITS.outboxClaimBatchMax,
    });
    await Promise.all(claimed.map((row) => this.deliverOne(row)));
    return claimed.length;
  }

  private async deliverOne(row: repository.ClaimedRow): Promise<void> {
    const claim = { id: row.id, attempts: row.attempts };
    const transport = this.options.transports[row.channel as MessageChannel];
    try {
      if (!transport) throw new PermanentDeliveryError(`no transport for channel ${row.channel}`);
      await withTimeout(transport.deliver(messageOf(row)), SERVER_LIMITS.outboxDeliveryTimeoutMs);
    } catch (error) {
      await this.recordFailure(row, transport?.name ?? 'none', error);
      return;
    }
    const held = await repository.markSent(this.context.db, claim, {
      at: this.context.clock.now(),
      transport: transport.name,
    });
    if (!held) this.log.warn({ outboxId: row.id }, 'outbox row delivered after its claim had lapsed');
  }

  private async recordFailure(row: repository.ClaimedRow, transport: string, error: unknown): Promise<void> {
    const permanent = error instanceof PermanentDeliveryError;
    const exhausted = row.attempts >= this.options.maxAttempts;
    const nextAttemptAt =
      permanent || exhausted
        ? null
        : new Date(
            this.context.clock.now().getTime() +
              retryDelayMs(row.attempts, this.options.random ?? Math.random),
          );
    this.log.warn(
      { outboxId: row.id, channel: row.channel, attempt: row.attempts, transport, err: error },
      nextAttemptAt ? 'outbox delivery failed, will retry' : 'outbox delivery failed for good',
    );
    await repository.markUndelivered(
      this.context.db,
      { id: row.id, attempts: row.attempts },
      { error: errorText(error), transport, nextAttemptAt },
    );
  }
}

async function withTimeout<T>(work: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
