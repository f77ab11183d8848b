import { Histogram } from './histogram';
import { wallNowMs } from './payload';
import {
  type ClientReport,
  type FromClients,
  type PhasePlan,
  PUSH_PREFIX,
  SUB_ACK,
  SUB_MESSAGE,
  type ToClients,
} from './protocol';
import { RawClient } from './raw-client';

/**
 * The client process: opens the sockets, subscribes each to market.day, and measures every
 * delivery's latency (receipt time minus the tick's publish time `t`) and the delivery rate.
 */
const CONNECT_CONCURRENCY = 200;
const PREFIX = Buffer.from(PUSH_PREFIX);
const ACK = Buffer.from(SUB_ACK);

function tell(message: FromClients): void {
  process.send?.(message);
}

type Phase = {
  plan: PhasePlan;
  histogram: Histogram;
  /** Deliveries per tick, to know when every socket has a tick (window mode's credit). */
  perTick: Uint32Array;
  delivered: number;
  firstMeasuredPublishMs: number;
  lastReceiptMs: number;
  cpuAtStart: NodeJS.CpuUsage;
};

const clients: RawClient[] = [];
let acks = 0;
let phase: Phase | null = null;

/** Reads `t` and `seq` right after the fixed prefix: `{"t":<t>,"seq":<seq>,...`. */
function onFrame(payload: Buffer, start: number, end: number, receivedAtMs: number): void {
  if (end - start === ACK.length && payload.compare(ACK, 0, ACK.length, start, end) === 0) {
    acks += 1;
    return;
  }
  if (!phase || end - start <= PREFIX.length) return;
  if (payload.compare(PREFIX, 0, PREFIX.length, start, start + PREFIX.length) !== 0) return;
  const head = payload.toString('latin1', start + PREFIX.length, Math.min(end, start + PREFIX.length + 48));
  const comma = head.indexOf(',');
  const t = Number(head.slice(0, comma));
  const seq = Number.parseInt(head.slice(comma + 7), 10);
  const current = phase;
  if (seq >= current.perTick.length) return;
  current.perTick[seq] = (current.perTick[seq] ?? 0) + 1;
  if (current.perTick[seq] === clients.length) tell({ type: 'delivered', seq });
  if (seq < current.plan.ticksWarmup) return;
  current.histogram.record(receivedAtMs - t);
  current.delivered += 1;
  if (
    seq === current.plan.ticksWarmup &&
    (current.firstMeasuredPublishMs === 0 || t < current.firstMeasuredPublishMs)
  ) {
    current.firstMeasuredPublishMs = t;
  }
  current.lastReceiptMs = receivedAtMs;
  if (current.delivered === current.plan.ticksMeasured * clients.length) finishPhase();
}

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

function finishPhase(): void {
  const current = phase;
  if (!current) return;
  phase = null;
  const seconds = (current.lastReceiptMs - current.firstMeasuredPublishMs) / 1000;
  const report: ClientReport = {
    delivered: current.delivered,
    expected: current.plan.ticksMeasured * clients.length,
    latencyMs: {
      p50: current.histogram.quantile(0.5),
      p90: current.histogram.quantile(0.9),
      p99: current.histogram.quantile(0.99),
      max: current.histogram.maxMs,
    },
    messagesPerSecond: seconds > 0 ? current.delivered / seconds : 0,
    closedSockets: clients.filter((client) => client.closed).length,
    cpuMs: cpuMs(process.cpuUsage(current.cpuAtStart)),
  };
  tell({ type: 'phase-done', report });
}

async function connect(port: number, sockets: number): Promise<void> {
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < sockets) {
      next += 1;
      const client = await RawClient.connect(port, onFrame, wallNowMs);
      client.sendText(SUB_MESSAGE);
      clients.push(client);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  while (acks < sockets) await new Promise((resolve) => setTimeout(resolve, 20));
  tell({ type: 'connected', sockets: clients.length, ms: performance.now() - started });
}

/**
 * Every socket pings every 5 s, as the spec's client does (Meridian's hub closes a socket that
 * stays silent for 30 s); spread over the period so pings never come in one burst.
 */
const PING_INTERVAL_MS = 5_000;
const PING_SLICES = 50;
let pingSlice = 0;
const pinger = setInterval(() => {
  for (let index = pingSlice; index < clients.length; index += PING_SLICES) {
    const client = clients[index];
    if (client && !client.closed) client.sendText('ping');
  }
  pingSlice = (pingSlice + 1) % PING_SLICES;
}, PING_INTERVAL_MS / PING_SLICES);

process.on('message', (message: ToClients) => {
  if (message.type === 'connect') void connect(message.port, message.sockets);
  else if (message.type === 'phase') {
    phase = {
      plan: message.plan,
      histogram: new Histogram(),
      perTick: new Uint32Array(message.plan.ticksWarmup + message.plan.ticksMeasured),
      delivered: 0,
      firstMeasuredPublishMs: 0,
      lastReceiptMs: 0,
      cpuAtStart: process.cpuUsage(),
    };
  } else if (message.type === 'finish') {
    finishPhase();
  } else if (message.type === 'stop') {
    clearInterval(pinger);
    for (const client of clients) client.close();
    process.exit(0);
  }
});
process.on('disconnect', () => process.exit(0));
