import http from 'node:http';

/**
 * An open-loop load at a fixed rate: request i is due at start + i / rate whatever the answers
 * before it did, and its latency runs from when it was due to its answer's last byte, so a server
 * that falls behind is charged for the queue it builds (no coordinated omission).
 *
 * Why not autocannon's `overallRate`: it gives each connection a budget per second that refills
 * every second, so each connection sends its share back to back at the start of every second and
 * then waits; "500 per second" becomes a burst of 500 as fast as the server answers, and its
 * percentiles are those of a saturated server. Its correction for coordinated omission then adds a
 * synthetic sample for every millisecond of each response time.
 */
export type PacedRequest = { path: string; headers: Record<string, string>; body: string };

export type PacedResult = {
  /** Milliseconds from each measured request's due time to its answer, for those answered. */
  latenciesMs: number[];
  /** The span from the first measured due time to the last answer. */
  seconds: number;
  answered: number;
  errors: number;
};

export async function pacedLoad(options: {
  base: string;
  rate: number;
  seconds: number;
  /**
   * Requests at the same rate before the measured ones, not counted: the client opens its sockets
   * as requests need them, and a new connection's first requests cost both sides more.
   */
  warmupSeconds: number;
  /** Sockets to keep open: enough that a due request never waits for one on the client. */
  sockets: number;
  request: () => PacedRequest;
  onAnswer: (status: number, body: string) => void;
}): Promise<PacedResult> {
  const url = new URL(options.base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.sockets });
  const warmup = Math.round(options.rate * options.warmupSeconds);
  const total = warmup + Math.round(options.rate * options.seconds);
  const intervalMs = 1000 / options.rate;
  const latenciesMs: number[] = [];
  let errors = 0;
  let sent = 0;
  let settled = 0;
  const start = performance.now() + 50;

  const send = (dueAt: number, measured: boolean) =>
    new Promise<void>((resolve) => {
      const { path, headers, body } = options.request();
      const request = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: 'POST',
          path,
          agent,
          headers: { ...headers, 'content-length': Buffer.byteLength(body) },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            if (measured) latenciesMs.push(performance.now() - dueAt);
            options.onAnswer(response.statusCode ?? 0, Buffer.concat(chunks).toString('utf8'));
            resolve();
          });
          response.on('error', () => {
            errors += 1;
            resolve();
          });
        },
      );
      request.on('error', () => {
        errors += 1;
        resolve();
      });
      request.end(body);
    });

  await new Promise<void>((resolve) => {
    const finishOne = () => {
      settled += 1;
      if (settled === total) resolve();
    };
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * intervalMs <= now) {
        void send(start + sent * intervalMs, sent >= warmup).then(finishOne);
        sent += 1;
      }
      // A timer of 1 ms wakes the loop about every millisecond: at 500/s a request is due every 2 ms.
      if (sent < total) setTimeout(tick, 1);
    };
    setTimeout(tick, Math.max(0, start - performance.now()));
  });
  const seconds = (performance.now() - (start + warmup * intervalMs)) / 1000;
  agent.destroy();
  return { latenciesMs, seconds, answered: latenciesMs.length, errors };
}
