import type { UserId } from '@meridian/domain/ids';
import type { EndedSessions } from '../events';
import { SERVER_LIMITS } from '../limits';

/** Whether an ending covers this user's session. */
export function endsSession(ended: EndedSessions, userId: UserId, sessionId: number): boolean {
  if (ended.userId !== userId) return false;
  return 'sessionId' in ended ? ended.sessionId === sessionId : ended.keepSessionId !== sessionId;
}

/**
 * The session endings this hub heard (its node's and, through Redis, the others'), numbered. A
 * socket login reads its session while a logout may be committing: the hub drops the sockets of
 * an ending as it hears it, so a login whose check started before the ending and answers after it
 * asks here whether its own session was among those that ended in between.
 */
export class SessionEndings {
  private count = 0;
  private readonly recent: { number: number; ended: EndedSessions }[] = [];

  record(ended: EndedSessions): void {
    this.count += 1;
    this.recent.push({ number: this.count, ended });
    if (this.recent.length > SERVER_LIMITS.socketRecentSessionEndingsMax) this.recent.shift();
  }

  /** Taken before a session check, handed to `endedSince` after it. */
  mark(): number {
    return this.count;
  }

  /**
   * Whether the session ended after the mark; undefined when more endings came since than are
   * remembered (the caller checks the session again).
   */
  endedSince(mark: number, userId: UserId, sessionId: number): boolean | undefined {
    const oldest = this.recent[0]?.number ?? this.count + 1;
    if (mark + 1 < oldest) return undefined;
    return this.recent.some((entry) => entry.number > mark && endsSession(entry.ended, userId, sessionId));
  }
}
