import { TOPIC_FOREX_TRADE } from '@meridian/contract/socket';
import type { ForexTradePush } from '@meridian/contract/trading';
import type { UserId } from '@meridian/domain/ids';
import type { Clock } from '../../../clock';
import { SERVER_LIMITS } from '../../../limits';
import type { RealtimePublisher } from '../../../realtime/publisher';

/**
 * `forex.trade` pushes (ARCHITECTURE.md "Realtime"): a user whose positions moved gets their
 * figures at most every SERVER_LIMITS.forexTradePushIntervalMs (4 a second). A push is computed once per
 * user, when it is sent, and the hub serializes it once for all of that user's sockets. Moves within
 * the interval are folded into one push at its end, with the figures of that moment.
 */
export class TradePushes {
  private readonly lastSentMs = new Map<number, number>();
  private readonly waiting = new Set<UserId>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly realtime: RealtimePublisher,
    private readonly clock: Clock,
    /** The user's figures now; undefined when they hold nothing any more. */
    private readonly compute: (userId: UserId) => ForexTradePush | undefined,
    private readonly intervalMs: number = SERVER_LIMITS.forexTradePushIntervalMs,
  ) {}

  /** The user's figures changed. */
  schedule(userId: UserId): void {
    // Nobody on any node listens to forex.trade: nothing to compute.
    if (!this.realtime.hasSubscribers(TOPIC_FOREX_TRADE)) return;
    const nowMs = this.clock.now().getTime();
    const last = this.lastSentMs.get(userId);
    if (last === undefined || nowMs - last >= this.intervalMs || nowMs < last) {
      this.send(userId, nowMs);
      return;
    }
    this.waiting.add(userId);
    this.timer ??= setTimeout(() => this.flush(), this.intervalMs - (nowMs - last));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.waiting.clear();
  }

  private flush(): void {
    this.timer = undefined;
    const nowMs = this.clock.now().getTime();
    const users = [...this.waiting];
    this.waiting.clear();
    for (const userId of users) this.send(userId, nowMs);
  }

  private send(userId: UserId, nowMs: number): void {
    this.lastSentMs.set(userId, nowMs);
    const push = this.compute(userId);
    if (!push) {
      // Nothing live any more (the forex.closed push told the client): forget the user.
      this.lastSentMs.delete(userId);
      return;
    }
    this.realtime.publishToUser(userId, TOPIC_FOREX_TRADE, push);
  }
}
