import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import net from 'node:net';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  connectionConfig,
  sessionDescription,
} from '../../apps/server/src/modules/market/feeds/fix/fix-engine';
import { MsgTransport, TcpDuplex } from '../../apps/server/src/modules/market/feeds/fix/jspurefix';
import { librarySessionRate } from './library-session';
import { type BenchServer, startBenchServer } from './server';
import { incrementalRefresh, logonReply, SYMBOL } from './wire';

/**
 * Feed benchmark: quotes per second from bytes on a FIX session to RawQuote events past
 * the engine stage (engine-stage.ts, the lead's hook), beside jspurefix's own decode rate of the same
 * messages in the same run (the floor), and the time from a quote's arrival to the engine stage at a
 * paced 5,000 quotes/s. See bench/feed/README.md.
 */
const { values: options } = parseArgs({
  options: {
    messages: { type: 'string', default: '200000' },
    rounds: { type: 'string', default: '5' },
    rate: { type: 'string', default: '5000' },
    'rate-seconds': { type: 'string', default: '10' },
    out: { type: 'string', default: 'bench/results/feed.md' },
    orders: { type: 'string', default: '3000' },
    quick: { type: 'boolean', default: false },
    /** Writes a CPU profile of the measured rounds and the paced run (not the set-up) to this file. */
    profile: { type: 'string' },
  },
});
const quick = options.quick;
const MESSAGES = quick ? 20_000 : Number(options.messages);
const ROUNDS = quick ? 2 : Number(options.rounds);
const RATE = Number(options.rate);
const ORDERS = quick ? 300 : Number(options.orders);
const RATE_SECONDS = quick ? 2 : Number(options['rate-seconds']);
const REQ_ID = `${SYMBOL}-bench`;
const TARGET_SHARE = 0.5;
const TARGET_P99_MS = 2;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (sorted: number[], fraction: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;

/** The same messages every round: sequence 2 onwards (1 is the logon reply). */
function stream(count: number): Buffer {
  const parts: string[] = [];
  for (let i = 0; i < count; i++) parts.push(incrementalRefresh(i + 2, REQ_ID, i));
  return Buffer.from(parts.join(''), 'latin1');
}

/** The floor: jspurefix's parser alone turning the bytes into message views, in process. */
async function libraryDecodeRate(bytes: Buffer, count: number): Promise<number> {
  const description = sessionDescription({
    role: 'initiator',
    senderCompId: 'MERIDIAN',
    targetCompId: 'LP',
    resetOnLogon: true,
    heartbeatSeconds: 30,
  });
  const config = await connectionConfig(description, undefined);
  const input = new PassThrough();
  // jspurefix's TcpDuplex only uses the socket as a readable and writable stream.
  const transport = new MsgTransport(1, config, new TcpDuplex(input as unknown as net.Socket));
  let seen = 0;
  const done = new Promise<void>((resolve) => {
    transport.receiver.on('msg', () => {
      if (++seen === count) resolve();
    });
  });
  const started = performance.now();
  for (let at = 0; at < bytes.length; at += 64 * 1024) input.write(bytes.subarray(at, at + 64 * 1024));
  await done;
  const seconds = (performance.now() - started) / 1000;
  input.destroy();
  return count / seconds;
}

type Provider = {
  port: number;
  /** The provider's side of the next connection that subscribes. */
  nextSubscribed(): Promise<net.Socket>;
  close(): Promise<void>;
};

/** A provider that answers the logon and, once subscribed, leaves the socket to the benchmark. */
async function startProvider(): Promise<Provider> {
  const subscribedSockets: net.Socket[] = [];
  const waiters: ((socket: net.Socket) => void)[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setNoDelay(true);
    let text = '';
    let subscribed = false;
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
      if (text.includes('\x0135=A\x01')) {
        socket.write(logonReply());
        text = text.replace('\x0135=A\x01', '\x01');
      }
      if (!subscribed && text.includes('\x0135=V\x01')) {
        subscribed = true;
        const waiter = waiters.shift();
        if (waiter) waiter(socket);
        else subscribedSockets.push(socket);
      }
      // Only the markers matter: what came before the last SOH is never needed again.
      text = text.slice(Math.max(0, text.lastIndexOf('\x01')));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    nextSubscribed() {
      const socket = subscribedSockets.shift();
      return socket ? Promise.resolve(socket) : new Promise((resolve) => waiters.push(resolve));
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The provider's outgoing stream: sequence numbers and the walk go on across rounds. */
class Outgoing {
  private seq = 2;
  private quote = 0;
  constructor(private readonly socket: net.Socket) {}
  bytes(count: number): Buffer {
    const parts: string[] = [];
    for (let i = 0; i < count; i++) parts.push(incrementalRefresh(this.seq++, REQ_ID, this.quote++));
    return Buffer.from(parts.join(''), 'latin1');
  }
  write(bytes: Buffer): void {
    this.socket.write(bytes);
  }
}

/** The whole path: the same bytes over the FIX session to the engine having seen the last quote. */
async function pipelineRate(server: BenchServer, out: Outgoing, count: number): Promise<number> {
  const bytes = out.bytes(count);
  const target = server.seen.seenAt.length + count;
  const started = performance.now();
  out.write(bytes);
  if (!(await server.seen.until(target, 60_000)))
    throw new Error(`only ${server.seen.seenAt.length} of ${target} quotes reached the engine`);
  return count / ((performance.now() - started) / 1000);
}

/** Paced quotes: the time from each quote's arrival (its message read) to the engine having seen it. */
async function pacedLatency(
  server: BenchServer,
  out: Outgoing,
): Promise<{ arrival: number[]; wire: number[]; sent: number; seen: number }> {
  const total = RATE * RATE_SECONDS;
  const first = server.seen.forwarded;
  if (server.seen.seenAt.length !== first) throw new Error('quotes still on their way before the paced run');
  const sentAt: number[] = [];
  const started = performance.now();
  let next = 0;
  while (next < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * RATE));
    if (due > next) {
      const now = performance.now();
      for (let i = next; i < due; i++) sentAt.push(now);
      out.write(out.bytes(due - next));
      next = due;
    }
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await server.seen.until(first + total, 5_000);
  const { arrivals, seenAt } = server.seen;
  const arrival: number[] = [];
  const wire: number[] = [];
  for (let i = 0; i < total; i++) {
    const at = seenAt[first + i];
    if (at === undefined) break;
    arrival.push(at - arrivals[first + i]!);
    wire.push(at - sentAt[i]!);
  }
  if (process.env.BENCH_FEED_DEBUG) {
    const worst = arrival
      .map((ms, i) => [ms, arrivals[first + i]! - started] as const)
      .sort((a, b) => b[0] - a[0]);
    const windows = new Map<number, [number, number]>();
    for (const [ms, at] of worst) {
      if (ms < 1) continue;
      const w = Math.floor(at / 100) * 100;
      const [n, max] = windows.get(w) ?? [0, 0];
      windows.set(w, [n + 1, Math.max(max, ms)]);
    }
    console.log(
      [...windows]
        .sort((a, b) => a[0] - b[0])
        .map(([w, [n, max]]) => `${w}ms:${n}x<=${max.toFixed(1)}`)
        .join(' '),
    );
  }
  return { arrival, wire, sent: total, seen: arrival.length };
}

/**
 * How late a 1 ms timer fires in this process while it does nothing else, over `durationMs`: the
 * scheduling delay the machine alone adds to any latency measured here (2 shared cores).
 */
async function loopDelay(durationMs: number): Promise<{ p50: number; p99: number; max: number }> {
  const late: number[] = [];
  const until = performance.now() + durationMs;
  while (performance.now() < until) {
    const asked = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 1));
    late.push(performance.now() - asked - 1);
  }
  late.sort((a, b) => a - b);
  return { p50: percentile(late, 0.5), p99: percentile(late, 0.99), max: late.at(-1) ?? 0 };
}

/**
 * The same lateness measured by another process during `durationMs` (started alongside the paced
 * run): what the machine's other work did to a process doing nothing, at the same time.
 */
function loopDelayElsewhere(durationMs: number): Promise<{ p50: number; p99: number; max: number }> {
  const script = `
    const late = []; const until = performance.now() + ${durationMs};
    const step = () => { const asked = performance.now(); setTimeout(() => {
      late.push(performance.now() - asked - 1);
      if (performance.now() < until) step();
      else { late.sort((a, b) => a - b); const at = (f) => late[Math.min(late.length - 1, Math.floor(late.length * f))];
        process.stdout.write(JSON.stringify({ p50: at(0.5), p99: at(0.99), max: late.at(-1) })); } }, 1); };
    step();`;
  return new Promise((resolve, reject) => {
    execFile(process.execPath, ['-e', script], (error, stdout) =>
      error ? reject(error) : resolve(JSON.parse(stdout)),
    );
  });
}

/** The inspector's CPU profiler, for the measured part only (node --cpu-prof would also profile the set-up). */
async function startProfile(): Promise<{ stop(file: string): Promise<void> }> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  await session.post('Profiler.start');
  return {
    async stop(file) {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      session.disconnect();
      console.log(`CPU profile of the measured part written to ${file}`);
    },
  };
}

const floorBytes = stream(MESSAGES);
console.log(
  `${MESSAGES} incremental refreshes (both sides of ${SYMBOL} each), ${(floorBytes.length / 1e6).toFixed(1)} MB`,
);
const provider = await startProvider();
let outgoing: Outgoing | undefined;
// A quote every 200 ms while the orders are placed: a silent instrument goes stale and refuses orders.
let keepQuoting: NodeJS.Timeout | undefined;
const server = await startBenchServer({
  port: provider.port,
  orders: ORDERS,
  whenSubscribed: provider.nextSubscribed().then((socket) => {
    const out = new Outgoing(socket);
    outgoing = out;
    out.write(out.bytes(1));
    keepQuoting = setInterval(() => out.write(out.bytes(1)), 200);
  }),
});
clearInterval(keepQuoting);
await server.seen.until(server.seen.forwarded, 5_000);
const out = outgoing as unknown as Outgoing;
console.log(
  `server up: ${server.resting.triggers} resting triggers (${server.resting.pending} pending orders, ${server.resting.positions} positions over ${server.resting.accounts} accounts) on ${SYMBOL}`,
);
await libraryDecodeRate(floorBytes, MESSAGES); // warm-up
await librarySessionRate(provider.port, () => provider.nextSubscribed(), floorBytes, MESSAGES);
await pipelineRate(server, out, Math.min(MESSAGES, 50_000));
const idleDelay = await loopDelay(2_000);
const profiler = options.profile ? await startProfile() : undefined;
const decodes: number[] = [];
const sessions: number[] = [];
const pipelines: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  // Each round measures the three back to back, so a round's ratios share the machine's load.
  decodes.push(await libraryDecodeRate(floorBytes, MESSAGES));
  sessions.push(
    await librarySessionRate(provider.port, () => provider.nextSubscribed(), floorBytes, MESSAGES),
  );
  pipelines.push(await pipelineRate(server, out, MESSAGES));
  console.log(
    `round ${round + 1}: library decode ${decodes.at(-1)!.toFixed(0)}/s, library session ${sessions.at(-1)!.toFixed(0)}/s, to the engine ${pipelines.at(-1)!.toFixed(0)}/s`,
  );
}
const elsewhere = loopDelayElsewhere(RATE_SECONDS * 1000);
const paced = await pacedLatency(server, out);
const concurrentDelay = await elsewhere;
if (profiler && options.profile) await profiler.stop(options.profile);
const engineStats = server.app.engine.stats();
await server.close();
await provider.close();

const ratios = (over: number[]) => pipelines.map((value, i) => value / over[i]!);
const decodeShare = median(ratios(decodes));
const sessionShare = median(ratios(sessions));
const sessionOfDecode = median(sessions.map((value, i) => value / decodes[i]!));
const arrival = [...paced.arrival].sort((a, b) => a - b);
const wire = [...paced.wire].sort((a, b) => a - b);
const p50 = percentile(arrival, 0.5);
const p99 = percentile(arrival, 0.99);
const rateMet = decodeShare >= TARGET_SHARE;
const latencyMet = p99 <= TARGET_P99_MS && paced.seen === paced.sent;
const rates = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
const ms = (value: number | undefined) => (value ?? Number.NaN).toFixed(3);
const { resting } = server;

const cpu = cpus()[0]?.model ?? 'unknown CPU';
const report = `# Feed benchmark: FIX quotes to the trading engine, beside jspurefix's own rates

Run ${new Date().toISOString()} on ${cpu} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB),
Node ${process.version}, load average at the end ${loadavg()
  .map((value) => value.toFixed(1))
  .join(
    ' / ',
  )} (1 / 5 / 15 min; above the core count means other work shared the CPU). Command: \`npm run bench -- feed${quick ? ' -- --quick' : ''}\` (see bench/feed/README.md).

Messages: ${MESSAGES.toLocaleString('en-US')} MarketDataIncrementalRefresh (35=X) per round, each changing both sides of
${SYMBOL} (${floorBytes.length.toLocaleString('en-US')} bytes); ${ROUNDS} rounds, each measuring the three rows back to back.

**The stage** (bench/feed/server.ts): the whole server in this process, as PRICE_FEED=fix runs it:
the FIX adapter (jspurefix session, our MarketDataSession, the book, the session log on disk) →
RealFeed (trading hours, quote checks: sides read and rounded, crossed, band, spike filter; counts) →
the market runtime woken by the batch (LiveInstrument: candle, quote; status; socket broadcast) →
the trading engine's tick listener (trigger index collect, ${resting.positions} positions marked over
${resting.accounts} accounts, stop-out check). The index holds ${engineStats.triggers.toLocaleString('en-US')} resting triggers of
${(resting.pending + resting.positions).toLocaleString('en-US')} orders on ${SYMBOL}, placed through the API; none is crossed, so
no order is written. A quote counts as seen when the listener after the engine's returns for a run
that took it. Database: in-memory PGlite (only the 5 s candle writes touch it on this path).

| stage | messages/s (median) | rounds |
|---|---:|---|
| jspurefix's parser alone, in process (the floor the issue names) | ${median(decodes).toFixed(0)} | ${rates(decodes)} |
| jspurefix's initiator session alone, loopback TCP, messages only counted | ${median(sessions).toFixed(0)} | ${rates(sessions)} |
| the whole stage: loopback TCP to the engine having seen the quote | ${median(pipelines).toFixed(0)} | ${rates(pipelines)} |

Whole stage / library decode (median of the rounds' ratios): **${decodeShare.toFixed(2)}** (target at least ${TARGET_SHARE}: **${rateMet ? 'met' : 'missed'}**).
Whole stage / library session: **${sessionShare.toFixed(2)}**; library session / library decode: **${sessionOfDecode.toFixed(2)}**
(the share of the parser's rate the library's own session layer leaves to any adapter).

Paced at ${RATE.toLocaleString('en-US')} quotes/s for ${RATE_SECONDS} s (a batch each millisecond; ${paced.seen.toLocaleString('en-US')} of ${paced.sent.toLocaleString('en-US')} seen):
time from a quote's arrival (its message decoded) to the engine having seen it,
p50 ${ms(p50)} ms, p99 ${ms(p99)} ms, max ${ms(arrival.at(-1))} ms
(target p99 at most ${TARGET_P99_MS} ms: **${latencyMet ? 'met' : 'missed'}**).
From the provider's write to the engine having seen it (loopback TCP included): p50 ${ms(percentile(wire, 0.5))} ms,
p99 ${ms(percentile(wire, 0.99))} ms.
The machine's own floor: a 1 ms timer in a process doing nothing else fired late by
p50 ${ms(idleDelay.p50)} ms, p99 ${ms(idleDelay.p99)} ms, max ${ms(idleDelay.max)} ms (this process, just before the paced run), and by
p50 ${ms(concurrentDelay.p50)} ms, p99 ${ms(concurrentDelay.p99)} ms, max ${ms(concurrentDelay.max)} ms (another process, during the paced run: it shares the 2 cores
with this one and the machine's other work, so it shows how often any process waits for a core).
`;
console.log(`\n${report}`);
if (!quick) {
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, report);
  console.log(`written to ${options.out}`);
}
process.exit(rateMet && latencyMet ? 0 : 1);
