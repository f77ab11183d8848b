/**
 * What the benchmark's processes tell each other over Node's IPC channel. The orchestrator
 * (main.ts) starts one server process and one client process per run and relays between them.
 */

/** How ticks are offered during a phase. */
export type PhasePlan =
  /** One tick every `intervalMs`, as the market module publishes market.day (latency at load). */
  | { mode: 'paced'; intervalMs: number; ticksWarmup: number; ticksMeasured: number }
  /** As fast as delivery allows, with at most `window` ticks not yet received by every socket. */
  | { mode: 'window'; window: number; ticksWarmup: number; ticksMeasured: number };

export type ToServer =
  | { type: 'phase'; plan: PhasePlan }
  | { type: 'delivered'; seq: number }
  | { type: 'stop' };

export type ServerReport = {
  cpuUserMs: number;
  cpuSystemMs: number;
  ticks: number;
  wallMs: number;
  rssBytes: number;
  /** JavaScript heap after a full collection, with every socket still open. */
  heapUsedBytes: number;
  /**
   * How long each measured tick's `broadcast` call took (serializing and handing the frame to every
   * socket's kernel buffer), sorted: the server's own share of the latency, apart from the clients'.
   */
  broadcastMs: number[];
};

export type FromServer =
  | { type: 'listening'; port: number; rssBytes: number; heapUsedBytes: number }
  | { type: 'phase-done'; report: ServerReport };

export type ToClients =
  | { type: 'connect'; port: number; sockets: number }
  | { type: 'phase'; plan: PhasePlan }
  /** The server is done and some deliveries never came: report what arrived. */
  | { type: 'finish' }
  | { type: 'stop' };

export type ClientReport = {
  delivered: number;
  expected: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number };
  /** Measured deliveries per second: from the first measured tick's publish to the last receipt. */
  messagesPerSecond: number;
  closedSockets: number;
  /** The client process's CPU (user + system) during the phase, to tell when it is the bottleneck. */
  cpuMs: number;
};

export type FromClients =
  | { type: 'connected'; sockets: number; ms: number }
  | { type: 'delivered'; seq: number }
  | { type: 'phase-done'; report: ClientReport };

/** The push's text begins with this for every bench tick, for both servers (same bytes). */
export const PUSH_PREFIX = '{"type":"push","topic":"market.day","data":{"t":';
export const SUB_MESSAGE = '{"type":"sub","params":{"topic":"market.day"}}';
export const SUB_ACK = '{"type":"sub","code":1,"topic":"market.day"}';
