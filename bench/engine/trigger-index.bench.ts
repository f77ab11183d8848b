import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Trigger, TriggerIndex } from '../../apps/server/src/modules/trading/engine/trigger-index';
import { LinearScan } from './linear-scan';
import { micros, type Summary, summarise, thousands } from './stats';
import {
  type Market,
  markets,
  ordersCrossedBy,
  type Placement,
  quietTicks,
  restingOrders,
  type Tick,
} from './workload';

/**
 * Engine benchmark: 1,000,000 resting triggers over the 32 seeded instruments; time per
 * tick of the sorted trigger index beside a plain linear scan of the same triggers, in the same run,
 * with no trigger firing and with three orders firing per tick. See bench/engine/README.md.
 */
const { values: options } = parseArgs({
  options: {
    triggers: { type: 'string', default: '1000000' },
    ticks: { type: 'string', default: '200000' },
    'linear-ticks': { type: 'string', default: '20000' },
    'firing-ticks': { type: 'string', default: '20000' },
    seed: { type: 'string', default: '20261121' },
    out: { type: 'string', default: 'bench/results/engine.md' },
    quick: { type: 'boolean', default: false },
  },
});
const quick = options.quick;
const TRIGGERS = quick ? 100_000 : Number(options.triggers);
const QUIET_TICKS = quick ? 20_000 : Number(options.ticks);
const LINEAR_TICKS = quick ? 2_000 : Number(options['linear-ticks']);
const FIRING_TICKS = quick ? 2_000 : Number(options['firing-ticks']);
const SEED = Number(options.seed);
const TARGET_P99_MICROS = 50;

type Engine = {
  collect(instrumentId: number, bid: string, ask: string): readonly Trigger[];
  add(trigger: Trigger): void;
  setStops: TriggerIndex['setStops'];
};

const now = () => process.hrtime.bigint();
const gc = (globalThis as { gc?: () => void }).gc;
const heapMb = () => {
  gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

function place(engine: Engine, placement: Placement): void {
  if (placement.kind === 'pending') engine.add(placement.trigger);
  else engine.setStops(placement.order, placement.stops);
}

/** Per-tick time of `collect` over the ticks, and how many triggers fired in all. */
function timeEach(engine: Engine, ticks: readonly Tick[], count: number) {
  const samples = new Float64Array(count);
  let fired = 0;
  for (let index = 0; index < count; index += 1) {
    const tick = ticks[index % ticks.length] as Tick;
    const start = now();
    fired += engine.collect(tick.instrumentId, tick.bid, tick.ask).length;
    samples[index] = Number(now() - start);
  }
  return { summary: summarise(samples), fired };
}

/** Ticks per second of a loop that only calls `collect` (no clock reads in between). */
function throughput(engine: Engine, ticks: readonly Tick[], count: number): number {
  const start = now();
  for (let index = 0; index < count; index += 1) {
    const tick = ticks[index % ticks.length] as Tick;
    engine.collect(tick.instrumentId, tick.bid, tick.ask);
  }
  return (count * 1e9) / Number(now() - start);
}

/** Each tick crosses three freshly placed orders (placed untimed, in both engines alike). */
function timeFiring(engines: Engine[], all: Market[], ticks: readonly Tick[], count: number) {
  const samples = engines.map(() => new Float64Array(count));
  const fired = engines.map(() => 0);
  let nextOrderId = 100_000_000;
  for (let index = 0; index < count; index += 1) {
    const tick = ticks[index % ticks.length] as Tick;
    const placements = ordersCrossedBy(tick, all[tick.instrumentId - 1] as Market, nextOrderId);
    nextOrderId += placements.length;
    const firedIds: string[] = [];
    engines.forEach((engine, which) => {
      for (const placement of placements) place(engine, placement);
      const start = now();
      const triggers = engine.collect(tick.instrumentId, tick.bid, tick.ask);
      (samples[which] as Float64Array)[index] = Number(now() - start);
      fired[which] = (fired[which] ?? 0) + triggers.length;
      firedIds.push(
        triggers
          .map((trigger) => `${trigger.orderId}:${trigger.kind}`)
          .sort()
          .join(','),
      );
    });
    if (new Set(firedIds).size !== 1)
      throw new Error(`the engines disagree on tick ${index}: ${firedIds.join(' | ')}`);
  }
  return engines.map((_, which) => ({
    summary: summarise(samples[which] as Float64Array),
    fired: fired[which] ?? 0,
  }));
}

function main(): void {
  const all = markets();
  console.log(
    `engine bench: ${thousands(TRIGGERS)} triggers over ${all.length} instruments${quick ? ' (quick)' : ''}`,
  );
  const placements = restingOrders(all, TRIGGERS, SEED);
  const ticks = quietTicks(all, Math.max(QUIET_TICKS, LINEAR_TICKS, FIRING_TICKS), SEED + 1);

  const heapBefore = heapMb();
  const index = new TriggerIndex();
  for (const market of all) index.defineInstrument(market.instrumentId, market.precision);
  let start = now();
  for (const placement of placements) place(index, placement);
  const indexBuildMs = Number(now() - start) / 1e6;
  const indexHeapMb = heapMb() - heapBefore;
  const resting = index.size;

  const linear = new LinearScan();
  for (const market of all) linear.defineInstrument(market.instrumentId, market.precision);
  start = now();
  for (const placement of placements) place(linear, placement);
  const linearBuildMs = Number(now() - start) / 1e6;
  console.log(
    `built: index ${indexBuildMs.toFixed(0)} ms (${indexHeapMb.toFixed(0)} MB heap), linear ${linearBuildMs.toFixed(0)} ms`,
  );

  // Warm both up on the same quiet ticks, so the JIT has compiled the paths being timed.
  timeEach(index, ticks, Math.min(20_000, QUIET_TICKS));
  timeEach(linear, ticks, Math.min(2_000, LINEAR_TICKS));

  const indexQuiet = timeEach(index, ticks, QUIET_TICKS);
  const indexRate = throughput(index, ticks, QUIET_TICKS);
  const linearQuiet = timeEach(linear, ticks, LINEAR_TICKS);
  const linearRate = throughput(linear, ticks, LINEAR_TICKS);
  if (indexQuiet.fired !== 0 || linearQuiet.fired !== 0) throw new Error('a quiet tick fired a trigger');
  console.log(
    `quiet: index p50 ${micros(indexQuiet.summary.p50)} µs p99 ${micros(indexQuiet.summary.p99)} µs; linear p50 ${micros(linearQuiet.summary.p50)} µs p99 ${micros(linearQuiet.summary.p99)} µs`,
  );

  const [indexFiring, linearFiring] = timeFiring([index, linear], all, ticks, FIRING_TICKS);
  if (!indexFiring || !linearFiring) throw new Error('no firing results');
  console.log(
    `firing: index p50 ${micros(indexFiring.summary.p50)} µs p99 ${micros(indexFiring.summary.p99)} µs; linear p50 ${micros(linearFiring.summary.p50)} µs p99 ${micros(linearFiring.summary.p99)} µs`,
  );
  if (index.size !== resting)
    throw new Error(`index holds ${index.size} triggers after firing, expected ${resting}`);

  const removals = timeRemovals(index, placements, quick ? 2_000 : 10_000);
  const report = {
    indexBuildMs,
    linearBuildMs,
    indexHeapMb,
    resting,
    indexQuiet: indexQuiet.summary,
    indexRate,
    linearQuiet: linearQuiet.summary,
    linearRate,
    indexFiring: indexFiring.summary,
    linearFiring: linearFiring.summary,
    firedPerTick: indexFiring.fired / FIRING_TICKS,
    removals,
  };
  const text = markdown(report);
  if (!quick) {
    mkdirSync(path.dirname(options.out), { recursive: true });
    writeFileSync(options.out, text);
    console.log(`results written to ${options.out}`);
  }
  console.log(text);
  if (indexQuiet.summary.p99 > TARGET_P99_MICROS) {
    console.error(`target missed: index p99 ${micros(indexQuiet.summary.p99)} µs > ${TARGET_P99_MICROS} µs`);
    process.exitCode = 1;
  }
}

/** Time to remove one order's triggers (a close or a cancel) from the full index. */
function timeRemovals(index: TriggerIndex, placements: readonly Placement[], count: number): Summary {
  const samples = new Float64Array(count);
  const step = Math.max(1, Math.floor(placements.length / count));
  for (let sample = 0; sample < count; sample += 1) {
    const placement = placements[sample * step] as Placement;
    const orderId = placement.kind === 'pending' ? placement.trigger.orderId : placement.order.orderId;
    const start = now();
    index.remove(orderId);
    samples[sample] = Number(now() - start);
  }
  return summarise(samples);
}

type Report = {
  indexBuildMs: number;
  linearBuildMs: number;
  indexHeapMb: number;
  resting: number;
  indexQuiet: Summary;
  indexRate: number;
  linearQuiet: Summary;
  linearRate: number;
  indexFiring: Summary;
  linearFiring: Summary;
  firedPerTick: number;
  removals: Summary;
};

function markdown(report: Report): string {
  const row = (name: string, structure: string, summary: Summary, rate: number) =>
    `| ${name} | ${structure} | ${thousands(summary.count)} | ${thousands(rate)} | ${micros(summary.p50)} | ${micros(summary.p99)} | ${micros(summary.max)} |`;
  const rateOf = (summary: Summary) => 1e6 / summary.mean;
  const ratio = (slow: number, fast: number) => `${(slow / fast).toFixed(0)}x`;
  const cpu = cpus()[0]?.model ?? 'unknown';
  const verdict = report.indexQuiet.p99 <= TARGET_P99_MICROS ? 'met' : 'MISSED';
  return `# Engine benchmark: trigger index vs linear scan

Run ${new Date().toISOString()} on ${cpu} (${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB),
Node ${process.version}, load average at the end ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' / ')}
(1 / 5 / 15 min; above the core count means other work shared the CPU). Command: \`npm run bench -- engine\` (see bench/engine/README.md).

Resting triggers: **${thousands(report.resting)}** over 32 instruments (a third of the orders pending,
the rest positions with a stop-loss and a take-profit). Index built in ${report.indexBuildMs.toFixed(0)} ms
(${((report.indexBuildMs * 1e3) / report.resting).toFixed(2)} µs per trigger, about ${report.indexHeapMb.toFixed(0)} MB of heap);
the linear lists in ${report.linearBuildMs.toFixed(0)} ms.

| scenario | structure | ticks | ticks/s | p50 µs | p99 µs | max µs |
|---|---|---:|---:|---:|---:|---:|
${row('no trigger fires', 'sorted index', report.indexQuiet, report.indexRate)}
${row('no trigger fires', 'linear scan', report.linearQuiet, report.linearRate)}
${row(`${report.firedPerTick.toFixed(0)} orders fire per tick`, 'sorted index', report.indexFiring, rateOf(report.indexFiring))}
${row(`${report.firedPerTick.toFixed(0)} orders fire per tick`, 'linear scan', report.linearFiring, rateOf(report.linearFiring))}

Linear scan / index, no trigger firing: p50 ${ratio(report.linearQuiet.p50, report.indexQuiet.p50)},
p99 ${ratio(report.linearQuiet.p99, report.indexQuiet.p99)}, ticks/s ${ratio(report.indexRate, report.linearRate)}.
With orders firing: p50 ${ratio(report.linearFiring.p50, report.indexFiring.p50)}, p99 ${ratio(report.linearFiring.p99, report.indexFiring.p99)}.

Target p99 <= ${TARGET_P99_MICROS} µs per tick with no trigger firing: **${verdict}** (${micros(report.indexQuiet.p99)} µs).

Removing one order's triggers (close or cancel) from the full index: p50 ${micros(report.removals.p50)} µs,
p99 ${micros(report.removals.p99)} µs over ${thousands(report.removals.count)} orders.

Ticks/s with no trigger firing comes from a loop without clock reads; with triggers firing it is
1 / mean of the timed ticks (the placing of the orders each tick crosses is not timed).
`;
}

main();
