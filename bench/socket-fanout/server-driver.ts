import { type TickData, tickData } from './payload';
import type { FromServer, PhasePlan, ServerReport, ToServer } from './protocol';

function tell(message: FromServer): void {
  process.send?.(message);
}

/**
 * Runs the server side of a benchmark: announces the port, then publishes ticks through
 * `broadcast` as each phase plans. The same driver runs both servers, so they differ only in
 * what `broadcast` does.
 */
export function driveServer(options: {
  port: number;
  broadcast(data: TickData): void;
  close(): Promise<void>;
}): void {
  let delivered = -1;
  let onDelivered: (() => void) | null = null;

  process.on('message', (message: ToServer) => {
    if (message.type === 'phase') void runPhase(message.plan, options.broadcast).then(reportPhase);
    else if (message.type === 'delivered') {
      delivered = Math.max(delivered, message.seq);
      onDelivered?.();
    } else if (message.type === 'stop') void options.close().then(() => process.exit(0));
  });
  // The orchestrator going away ends the server too: the benchmark never leaves processes behind.
  process.on('disconnect', () => process.exit(0));
  tell({
    type: 'listening',
    port: options.port,
    rssBytes: process.memoryUsage().rss,
    heapUsedBytes: heapAfterGc(),
  });

  function reportPhase(report: ServerReport): void {
    tell({ type: 'phase-done', report });
  }

  async function runPhase(plan: PhasePlan, broadcast: (data: TickData) => void): Promise<ServerReport> {
    delivered = -1;
    const ticks = plan.ticksWarmup + plan.ticksMeasured;
    let cpu = process.cpuUsage();
    let started = performance.now();
    const broadcastMs: number[] = [];
    for (let seq = 0; seq < ticks; seq += 1) {
      if (seq === plan.ticksWarmup) {
        cpu = process.cpuUsage();
        started = performance.now();
      }
      if (plan.mode === 'paced') {
        await sleepUntil(started, seq - (seq >= plan.ticksWarmup ? plan.ticksWarmup : 0), plan.intervalMs);
      } else {
        // Wait for delivery to catch up; otherwise yield once so the sockets can be written.
        while (seq - delivered > plan.window) await new Promise<void>((resolve) => (onDelivered = resolve));
        onDelivered = null;
        await new Promise((resolve) => setImmediate(resolve));
      }
      const before = performance.now();
      broadcast(tickData(seq));
      if (seq >= plan.ticksWarmup) broadcastMs.push(performance.now() - before);
    }
    const used = process.cpuUsage(cpu);
    return {
      cpuUserMs: used.user / 1000,
      cpuSystemMs: used.system / 1000,
      ticks: plan.ticksMeasured,
      wallMs: performance.now() - started,
      rssBytes: process.memoryUsage().rss,
      heapUsedBytes: heapAfterGc(),
      broadcastMs: broadcastMs.sort((a, b) => a - b),
    };
  }
}

/** The heap in use after a full collection (the server runs with --expose-gc), so it compares. */
function heapAfterGc(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** Sleeps until tick `index` of a schedule that began at `startedMs`, without drifting. */
async function sleepUntil(startedMs: number, index: number, intervalMs: number): Promise<void> {
  const dueMs = startedMs + index * intervalMs;
  const waitMs = dueMs - performance.now();
  if (waitMs > 0) await new Promise((resolve) => setTimeout(resolve, waitMs));
}
