import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { SERVER_LIMITS } from '../../apps/server/src/limits';

/** Targets: N = 1 p99 at most 5 ms; N = 10,000 at most 1.5 x the floor (median against median). */
const TARGET_ONE_P99_MS = 5;
const TARGET_FLOOR_RATIO = 1.5;
/**
 * The line after which a results file holds notes written by hand (the analysis of the numbers): a
 * new run replaces what is above it and keeps them.
 */
const NOTES_MARKER = '<!-- notes below are kept when the benchmark writes this file -->';

export type Result = {
  size: number;
  rep: number;
  tickMs: number;
  floorMs: number;
  statements: number;
  transactions: number;
};

/** How the run was made, for the report's heading and file. */
export type RunSettings = {
  sizes: readonly number[];
  quick: boolean;
  out: string | undefined;
  customers: number;
};

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};
export const ms = (value: number) =>
  value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
export const count = (value: number) => Math.round(value).toLocaleString('en-US');

function codeVersion(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: 'pipe' }).trim();
    const changed = git('status', '--porcelain', '--', 'apps/server/src', 'packages')
      .split('\n')
      .filter(Boolean);
    return `commit ${git('rev-parse', '--short', 'HEAD')}${changed.length > 0 ? ` with uncommitted changes to ${changed.length} files` : ''}`;
  } catch {
    return 'code outside a git checkout';
  }
}

export function report(
  settings: RunSettings,
  figures: {
    results: Result[];
    postgres: string;
    seedMs: number;
    startMs: number;
    triggers: number;
    liveOrders: number;
    unbalanced: number;
  },
): void {
  const { results } = figures;
  const { sizes: SIZES, quick, out: OUT, customers: CUSTOMERS } = settings;
  const [one, five, fifteen] = loadavg().map((value) => value.toFixed(1));
  const rows: string[] = [];
  const verdicts: string[] = [];
  let failed = figures.unbalanced > 0;
  for (const size of SIZES) {
    const mine = results.filter((result) => result.size === size);
    const tick = mine.map((result) => result.tickMs);
    const floor = mine.map((result) => result.floorMs);
    const ratio = median(tick) / median(floor);
    rows.push(
      `| ${count(size)} | ${mine.length} | ${ms(median(tick))} | ${ms(percentile(tick, 99))} | ${ms(Math.max(...tick))} | ${ms(median(floor))} | ${ms(percentile(floor, 99))} | ${ms(Math.max(...floor))} | ${ratio.toFixed(2)} | ${median(mine.map((r) => r.statements))} / ${median(mine.map((r) => r.transactions))} |`,
    );
    if (size === 1) {
      const met = percentile(tick, 99) <= TARGET_ONE_P99_MS;
      failed ||= !met;
      verdicts.push(
        `- N = 1: p99 ${ms(percentile(tick, 99))} ms against at most ${TARGET_ONE_P99_MS} ms: **${met ? 'met' : 'missed'}** (the floor's own p99 is ${ms(percentile(floor, 99))} ms).`,
      );
    }
    if (size === 10_000) {
      const met = ratio <= TARGET_FLOOR_RATIO;
      failed ||= !met;
      verdicts.push(
        `- N = 10,000: median ${ms(median(tick))} ms against at most ${TARGET_FLOOR_RATIO} x the floor's median ${ms(median(floor))} ms: ${ratio.toFixed(2)} x, **${met ? 'met' : 'missed'}**.`,
      );
    }
  }
  const text = `# Tick-to-fill benchmark: the crossing quote to the last close committed and pushed

Run ${new Date().toISOString()} on ${cpus()[0]?.model.trim() ?? 'unknown CPU'} (${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB),
Node ${process.version} (${process.execArgv.filter((arg) => arg.startsWith('--max-')).join(' ') || 'default heap'}), load average at the end ${one} / ${five} / ${fifteen}
(1 / 5 / 15 min; above the core count means other work shared the CPU).
Command: \`npm run bench -- tick-to-fill${quick ? ' -- --quick' : ''}\` (see bench/tick-to-fill/README.md), ${codeVersion()}.
Database: ${figures.postgres}, on loopback, in a schema made and dropped by the run.

The engine loaded **${count(figures.triggers)} resting triggers** (${count(figures.liveOrders)} live orders) at start, ${ms(figures.startMs)} ms
after the server was built; the rows were written with SQL in ${ms(figures.seedMs)} ms. Each repetition
moves BTCUSDT's quote so that it crosses exactly N buy stop-losses (spread over ${CUSTOMERS} customers for
N >= ${CUSTOMERS}, each logged in on its own socket, subscribed to \`forex.closed\`): the clock runs from
the quote handed to the market (\`market.tick()\`) until the N-th \`forex.closed\` push has been written
to its customer's TCP socket (after the last close's commit), and every repetition checks N closed
orders, N execution records and N pushes received by the sockets. The floor: the same closes' SQL
(bench/tick-to-fill/floor.ts, the statements of the engine's batch, in its chunks of
${SERVER_LIMITS.engineCloseBatchMax}, on ${SERVER_LIMITS.engineCloseBatchesAtOnceMax} clients as the engine keeps ${SERVER_LIMITS.engineCloseBatchesAtOnceMax} batches in flight) sent straight to
PostgreSQL on twin positions, right after each repetition.

| N | repetitions | median ms | p99 ms | max ms | floor median ms | floor p99 ms | floor max ms | median / floor | server statements / transactions |
|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

${verdicts.join('\n')}

With ${results.length / SIZES.length} repetitions per N, the p99 is the largest value (it takes 100 repetitions to tell p99 from the max).
Books of the customers' accounts after the run: ${figures.unbalanced} accounts whose balance + margin differs from their entries.
`;
  if (OUT) {
    mkdirSync(path.dirname(OUT), { recursive: true });
    const notes = existsSync(OUT) ? readFileSync(OUT, 'utf8').split(NOTES_MARKER)[1] : undefined;
    writeFileSync(OUT, notes === undefined ? text : `${text}\n${NOTES_MARKER}${notes}`);
  }
  console.log(`\n${text}`);
  if (failed) process.exitCode = 1;
}
