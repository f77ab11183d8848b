import { type ChildProcess, fork } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ClientReport, FromClients, FromServer, PhasePlan, ServerReport } from './protocol';

/**
 * Socket fan-out benchmark: tick-to-client latency and delivered messages per second
 * with 1,000 and 10,000 sockets on market.day, Meridian's server beside a bare `ws` broadcast of
 * the same bytes, in the same run. Server and clients are separate processes on loopback.
 * Usage: bench/socket-fanout/run.sh [--sockets=1000,10000] [--rounds=2] [--servers=ours,bare,raw] [--quick]
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const RESULTS_DIR = path.join(here, '..', 'results');
const PHASE_TIMEOUT_MS = 120_000;
const RUN_TIMEOUT_MS = 30 * 60_000;
/** The market module publishes market.day every 250 ms (marketDayPublishIntervalMs in apps/server/src/limits.ts). */
const PRODUCT_INTERVAL_MS = 250;
const WINDOW_TICKS = 4;
const DELIVERY_GRACE_MS = 10_000;
const DELIVERIES_PER_WINDOW_PHASE = 1_000_000;
const TARGET = { sockets: 10_000, p99Ms: 50, ratio: 0.8 };
/** `--quick`: 500 sockets, one round, nothing written: a smoke test of the benchmark itself. */
const quick = process.argv.includes('--quick');

type Kind = 'ours' | 'bare' | 'raw';
type PhaseResult = { plan: PhasePlan; server: ServerReport; clients: ClientReport };
type RunResult = {
  kind: Kind;
  sockets: number;
  round: number;
  connectMs: number;
  idleHeapBytes: number;
  paced: PhaseResult;
  window: PhaseResult;
};

function option(name: string, fallback: string): string {
  const found = process.argv.find((argument) => argument.startsWith(`--${name}=`));
  return found ? found.slice(name.length + 3) : fallback;
}

function start(file: string, args: string[] = []): ChildProcess {
  // BENCH_SERVER_FLAGS passes Node flags to the server processes (`--cpu-prof`, `--trace-gc`, ...).
  const extra = file.startsWith('server')
    ? ['--expose-gc', ...(process.env.BENCH_SERVER_FLAGS ?? '').split(' ')]
    : [];
  return fork(path.join(here, file), args, {
    execArgv: ['--import', 'tsx', ...extra.filter((flag) => flag !== '')],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

/** The next IPC message of a type, or a failure after the time-out. */
function nextMessage<T extends { type: string }>(child: ChildProcess, type: T['type']): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.off('message', listener);
      reject(new Error(`no ${type} within ${PHASE_TIMEOUT_MS} ms`));
    }, PHASE_TIMEOUT_MS);
    const listener = (message: T) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      child.off('message', listener);
      resolve(message);
    };
    child.on('message', listener);
  });
}

function plans(sockets: number): { paced: PhasePlan; window: PhasePlan } {
  return {
    paced: { mode: 'paced', intervalMs: PRODUCT_INTERVAL_MS, ticksWarmup: 4, ticksMeasured: 40 },
    window: {
      mode: 'window',
      window: WINDOW_TICKS,
      ticksWarmup: 20,
      ticksMeasured: Math.max(50, Math.round(DELIVERIES_PER_WINDOW_PHASE / sockets)),
    },
  };
}

async function runPhase(server: ChildProcess, clients: ChildProcess, plan: PhasePlan): Promise<PhaseResult> {
  const clientsDone = nextMessage<Extract<FromClients, { type: 'phase-done' }>>(clients, 'phase-done');
  const serverDone = nextMessage<Extract<FromServer, { type: 'phase-done' }>>(server, 'phase-done');
  clients.send({ type: 'phase', plan });
  // Give the client process the message before the first tick can arrive.
  await new Promise((resolve) => setTimeout(resolve, 200));
  server.send({ type: 'phase', plan });
  clientsDone.catch(() => {});
  const fromServer = await serverDone;
  // Deliveries still on their way get a grace period; after it, whatever is missing is counted lost.
  const grace = setTimeout(() => clients.send({ type: 'finish' }), DELIVERY_GRACE_MS);
  const fromClients = await clientsDone;
  clearTimeout(grace);
  return { plan, server: fromServer.report, clients: fromClients.report };
}

async function runOne(kind: Kind, sockets: number, round: number): Promise<RunResult> {
  const server =
    kind === 'ours' ? start('server-ours.ts') : start('server-bare.ts', kind === 'raw' ? ['raw'] : []);
  const clients = start('clients.ts');
  // Window mode: the server may run ahead of full delivery by a few ticks only.
  clients.on('message', (message: FromClients) => {
    if (message.type === 'delivered' && server.connected)
      server.send({ type: 'delivered', seq: message.seq });
  });
  try {
    const listening = await nextMessage<Extract<FromServer, { type: 'listening' }>>(server, 'listening');
    const connected = nextMessage<Extract<FromClients, { type: 'connected' }>>(clients, 'connected');
    clients.send({ type: 'connect', port: listening.port, sockets });
    const { ms: connectMs } = await connected;
    const plan = plans(sockets);
    console.log(`  ${kind}: ${sockets} sockets subscribed in ${Math.round(connectMs)} ms`);
    const paced = await runPhase(server, clients, plan.paced);
    console.log(`  ${kind}: paced phase done`);
    const window = await runPhase(server, clients, plan.window);
    return { kind, sockets, round, connectMs, idleHeapBytes: listening.heapUsedBytes, paced, window };
  } finally {
    for (const child of [clients, server]) {
      if (child.connected) child.send({ type: 'stop' });
    }
    await Promise.all(
      [clients, server].map(
        (child) =>
          new Promise<void>((resolve) => {
            if (child.exitCode !== null) return resolve();
            const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
            child.once('exit', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
  }
}

const round1 = (value: number) => Math.round(value * 10) / 10;
/** Rounds are summarized by their median: on a shared machine one busy round would drag a mean. */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return 0;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function summarize(results: RunResult[], sockets: number) {
  const of = (kind: Kind) => results.filter((result) => result.kind === kind && result.sockets === sockets);
  const side = (kind: Kind) => {
    const runs = of(kind);
    return {
      pacedP50Ms: round1(median(runs.map((run) => run.paced.clients.latencyMs.p50))),
      pacedP99Ms: round1(median(runs.map((run) => run.paced.clients.latencyMs.p99))),
      pacedMaxMs: round1(Math.max(...runs.map((run) => run.paced.clients.latencyMs.max))),
      pacedMessagesPerSecond: Math.round(median(runs.map((run) => run.paced.clients.messagesPerSecond))),
      pacedServerCpuPercent: round1(
        median(
          runs.map(
            (run) =>
              ((run.paced.server.cpuUserMs + run.paced.server.cpuSystemMs) / run.paced.server.wallMs) * 100,
          ),
        ),
      ),
      // The server's own part: how long one tick's broadcast call took (median tick, worst tick).
      pacedBroadcastP50Ms: round1(median(runs.map((run) => median(run.paced.server.broadcastMs)))),
      pacedBroadcastMaxMs: round1(Math.max(...runs.map((run) => Math.max(...run.paced.server.broadcastMs)))),
      pacedClientCpuMsPerTick: round1(
        median(
          runs.map(
            (run) => run.paced.clients.cpuMs / (run.paced.plan.ticksWarmup + run.paced.plan.ticksMeasured),
          ),
        ),
      ),
      windowMessagesPerSecond: Math.round(median(runs.map((run) => run.window.clients.messagesPerSecond))),
      windowP50Ms: round1(median(runs.map((run) => run.window.clients.latencyMs.p50))),
      windowP99Ms: round1(median(runs.map((run) => run.window.clients.latencyMs.p99))),
      serverCpuMicrosecondsPerMessage: round1(
        median(
          runs.map(
            (run) =>
              ((run.window.server.cpuUserMs + run.window.server.cpuSystemMs) * 1000) /
              Math.max(1, run.window.clients.delivered),
          ),
        ),
      ),
      serverRssMiB: Math.round(median(runs.map((run) => run.window.server.rssBytes)) / 2 ** 20),
      heapKiBPerSocket: round1(
        median(runs.map((run) => (run.window.server.heapUsedBytes - run.idleHeapBytes) / run.sockets / 1024)),
      ),
      lost: runs.reduce((sum, run) => sum + run.paced.clients.expected - run.paced.clients.delivered, 0),
      closedSockets: Math.max(...runs.map((run) => run.window.clients.closedSockets)),
    };
  };
  const ours = side('ours');
  const bare = side('bare');
  const raw = of('raw').length > 0 ? side('raw') : null;
  return {
    sockets,
    ours,
    bare,
    raw,
    ratioWindowRate: Math.round((ours.windowMessagesPerSecond / bare.windowMessagesPerSecond) * 100) / 100,
    ratioPacedRate: Math.round((ours.pacedMessagesPerSecond / bare.pacedMessagesPerSecond) * 100) / 100,
  };
}

type Summary = ReturnType<typeof summarize>;

function markdown(summaries: Summary[], machine: Record<string, string | number>, rounds: number): string {
  const lines = [
    `# Socket fan-out benchmark, ${new Date().toISOString()}`,
    '',
    `Machine: ${Object.entries(machine)
      .map(([key, value]) => `${key} ${value}`)
      .join(', ')}. Rounds: ${rounds} (medians of the rounds shown; max is the worst of all rounds).`,
    '',
    `Paced: one market.day tick every ${PRODUCT_INTERVAL_MS} ms (the product's rate), 40 measured ticks.`,
    `Window: ticks as fast as delivery allows, at most ${WINDOW_TICKS} ticks in flight.`,
    '',
    `Broadcast ms: how long the server's broadcast call took per paced tick (median tick / worst tick): the time to hand the frame to every socket.`,
    `Client CPU ms/tick: the client process's CPU per paced tick, reading every socket.`,
    '',
    '| sockets | server | paced p50 ms | paced p99 ms | paced max ms | broadcast ms (paced) | client CPU ms/tick | server CPU % (paced) | window msgs/s | window p99 ms | server CPU µs/msg | heap KiB/socket | RSS MiB |',
    '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const summary of summaries) {
    for (const [name, side] of [
      ['Meridian', summary.ours],
      ['bare ws', summary.bare],
      ['raw floor', summary.raw],
    ] as const) {
      if (!side) continue;
      lines.push(
        `| ${summary.sockets} | ${name} | ${side.pacedP50Ms} | ${side.pacedP99Ms} | ${side.pacedMaxMs} | ${side.pacedBroadcastP50Ms} / ${side.pacedBroadcastMaxMs} | ${side.pacedClientCpuMsPerTick} | ${side.pacedServerCpuPercent} | ${side.windowMessagesPerSecond} | ${side.windowP99Ms} | ${side.serverCpuMicrosecondsPerMessage} | ${side.heapKiBPerSocket} | ${side.serverRssMiB} |`,
      );
    }
    lines.push(
      `| ${summary.sockets} | **ours / bare** | | | | | | | **${summary.ratioWindowRate}** | | | | |`,
    );
  }
  return `${lines.join('\n')}\n`;
}

async function main(): Promise<void> {
  const sizes = (quick ? '500' : option('sockets', '1000,10000')).split(',').map(Number);
  const rounds = quick ? 1 : Number(option('rounds', '3'));
  const kinds = option('servers', 'ours,bare,raw').split(',');
  const fdLimitNeeded = Math.max(...sizes) + 200;
  const machine = {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    kernel: os.release(),
    // The machine may be shared (other sessions' tests): the 1-minute load tells how busy it was.
    loadAtStart: os.loadavg()[0]?.toFixed(2) ?? '?',
  };
  console.log(
    `socket fan-out: sockets ${sizes.join(', ')}, ${rounds} round(s); machine ${JSON.stringify(machine)}`,
  );
  console.log(
    `(each process needs about ${fdLimitNeeded} open files; run through run.sh, which raises ulimit -n)`,
  );
  const results: RunResult[] = [];
  for (const sockets of sizes) {
    for (let round = 1; round <= rounds; round += 1) {
      // Alternate which server goes first, so neither always meets a warmer or cooler machine.
      const order: Kind[] = round % 2 === 1 ? ['ours', 'bare', 'raw'] : ['raw', 'bare', 'ours'];
      for (const kind of order.filter((candidate) => kinds.includes(candidate))) {
        const result = await runOne(kind, sockets, round);
        results.push(result);
        const { paced, window } = result;
        console.log(
          `${String(sockets).padStart(6)} ${kind.padEnd(4)} round ${round}: connect ${Math.round(result.connectMs)} ms; ` +
            `paced p50 ${round1(paced.clients.latencyMs.p50)} p99 ${round1(paced.clients.latencyMs.p99)} ms ` +
            `(${paced.clients.delivered}/${paced.clients.expected}), broadcast ${round1(median(paced.server.broadcastMs))} ms, ` +
            `client CPU ${round1(paced.clients.cpuMs / (paced.plan.ticksWarmup + paced.plan.ticksMeasured))} ms/tick; window ${Math.round(window.clients.messagesPerSecond)} msgs/s ` +
            `p99 ${round1(window.clients.latencyMs.p99)} ms`,
        );
      }
    }
  }
  const summaries = sizes.map((sockets) => summarize(results, sockets));
  const text = markdown(summaries, { ...machine, loadAtEnd: os.loadavg()[0]?.toFixed(2) ?? '?' }, rounds);
  console.log(`\n${text}`);
  if (quick) {
    console.log('quick run: nothing recorded');
    return;
  }
  await mkdir(RESULTS_DIR, { recursive: true });
  await writeFile(path.join(RESULTS_DIR, 'socket-fanout.md'), text);
  await writeFile(
    path.join(RESULTS_DIR, 'socket-fanout.json'),
    `${JSON.stringify({ at: new Date().toISOString(), machine, rounds, summaries, results }, null, 2)}\n`,
  );
  const target = summaries.find((summary) => summary.sockets === TARGET.sockets);
  if (target) {
    const p99Met = target.ours.pacedP99Ms <= TARGET.p99Ms;
    const ratioMet = target.ratioWindowRate >= TARGET.ratio;
    console.log(
      `target (${TARGET.sockets} sockets): p99 ${target.ours.pacedP99Ms} ms <= ${TARGET.p99Ms}: ${p99Met ? 'met' : 'MISSED'}; ` +
        `rate ratio ${target.ratioWindowRate} >= ${TARGET.ratio}: ${ratioMet ? 'met' : 'MISSED'}`,
    );
    // Like every benchmark here, a missed target fails the run, so it cannot go unnoticed.
    if (!p99Met || !ratioMet) process.exitCode = 1;
  }
}

const watchdog = setTimeout(() => {
  console.error(`socket fan-out: stopped after ${RUN_TIMEOUT_MS / 60_000} minutes`);
  process.exit(1);
}, RUN_TIMEOUT_MS);
watchdog.unref();

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
