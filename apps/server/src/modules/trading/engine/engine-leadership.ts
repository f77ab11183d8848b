import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/database';
import {
  type EngineLease,
  type LeaseWait,
  ORDER_CHANNEL,
  takeEngineLease,
  waitForEngineLease,
} from './engine-lock';

/** What the engine does with the lead: run once the lease is held, stop when it is lost. */
type LeadingEngine = {
  isStopped(): boolean;
  isActive(): boolean;
  /** Rebuilds and runs with the lease held; answers false when it stopped meanwhile. */
  takeLead(lease: EngineLease): Promise<boolean>;
  /** The lock's connection was lost: another node may take over. */
  loseLead(error: Error | undefined): void;
  /** Another node's change to an order (PostgreSQL NOTIFY on ORDER_CHANNEL). */
  onNotice(payload: string): void;
};

/**
 * Which node runs the trading engine (engine-lock.ts): the lease, taken at start if free; a
 * standby's queued wait for it, which takes the lead the moment the leader's lock is freed; and the
 * lead's own life (listening to the other nodes' changes, giving the lease back when the engine
 * cannot run or stops). At most one wait and one take-over at a time.
 */
export class EngineLeadership {
  private held: EngineLease | undefined;
  /** A standby node's queued wait for the lock (PostgreSQL), while one is open. */
  private wait: LeaseWait | undefined;
  /** The standby's wait and take-over, while it runs. */
  private standing: Promise<void> | undefined;
  /** Taking the lead (rebuilding) now. */
  private leading: Promise<void> | undefined;

  constructor(
    private readonly database: Database,
    private readonly engine: LeadingEngine,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The lease held now, if any. */
  get lease(): EngineLease | undefined {
    return this.held;
  }

  /** Takes the lease if free; when taken, the engine rebuilds and runs. */
  async tryToLead(): Promise<void> {
    if (this.engine.isActive() || this.engine.isStopped() || this.leading) return;
    let lease: EngineLease | undefined;
    try {
      lease = await takeEngineLease(this.database);
    } catch (error) {
      this.log.error({ err: error }, 'engine lock could not be tried');
      return;
    }
    if (lease) await this.lead(lease);
  }

  /**
   * A standby node queues for the lock and takes the lead the moment it is granted (the leader
   * stopped or died). The lock-retry timer calls this again, opening a new wait if one failed (a
   * lost connection).
   */
  standBy(): void {
    if (
      this.engine.isActive() ||
      this.engine.isStopped() ||
      this.leading ||
      this.standing ||
      !this.database.connect
    )
      return;
    this.standing = this.awaitLease().finally(() => {
      this.standing = undefined;
    });
  }

  /** Ends a wait and waits for a take-over in progress (the engine is stopping). */
  async settle(): Promise<void> {
    await this.wait?.cancel();
    await this.standing;
    await this.leading;
  }

  /** Gives the lease back (the lock's connection closes). */
  async release(): Promise<void> {
    const lease = this.held;
    this.held = undefined;
    if (lease?.kind === 'locked') await lease.connection.close().catch(() => {});
  }

  private async awaitLease(): Promise<void> {
    let lease: EngineLease;
    try {
      const wait = await waitForEngineLease(this.database);
      if (this.engine.isStopped()) {
        await wait.cancel();
        return;
      }
      this.wait = wait;
      lease = await wait.lease;
    } catch (error) {
      if (!this.engine.isStopped())
        this.log.warn({ err: error }, 'waiting for the engine lock failed; trying again');
      return;
    } finally {
      this.wait = undefined;
    }
    this.log.info('engine lock granted: this node takes over');
    await this.lead(lease).catch((error: unknown) =>
      this.log.error({ err: error }, 'engine takeover failed'),
    );
  }

  /** With the lease in hand: listens for other nodes' changes, and has the engine rebuild and run. */
  private lead(lease: EngineLease): Promise<void> {
    this.held = lease;
    this.leading = this.run(lease).finally(() => {
      this.leading = undefined;
    });
    return this.leading;
  }

  private async run(lease: EngineLease): Promise<void> {
    if (this.engine.isStopped()) {
      await this.release();
      return;
    }
    if (lease.kind === 'locked') {
      lease.connection.onLost((error) => {
        if (this.engine.isStopped()) return;
        this.held = undefined;
        this.engine.loseLead(error);
      });
      await lease.connection.listen(ORDER_CHANNEL, (payload) => this.engine.onNotice(payload));
    }
    let running: boolean;
    try {
      running = await this.engine.takeLead(lease);
    } catch (error) {
      // Without its figures the engine cannot run: let another node (or the next try) lead.
      await this.release();
      throw error;
    }
    if (!running) await this.release();
  }
}
