import type { Candle } from '@meridian/domain/candles';
import { isMarketOpen } from '@meridian/domain/market-session';
import { type Factor, loadings, newFactor, ownFactorFor, stepFactor } from './factor';
import type { FeedInstrument, HistoryBatch, HistoryRequest } from './feed';
import { hashText, type Random, seededRandom } from './random';
import { TICK_INTERVAL_MS_MAX, TICK_INTERVAL_MS_MIN } from './simulator';
import { assetsOf, type Formula, type WorldModel } from './world';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * Model steps per stored minute. The live feed takes about 200 a minute; ten give a minute candle
 * most of its wick at a twentieth of the cost. Minutes that only feed a day candle take one step.
 */
const STEPS_PER_STORED_MINUTE = 10;
const STEPS_PER_DAY_ONLY_MINUTE = 1;
/** Volume of a minute is that of the live feed's ticks in a minute, on average. */
const TICKS_PER_MINUTE = MINUTE_MS / ((TICK_INTERVAL_MS_MIN + TICK_INTERVAL_MS_MAX) / 2);

/** A candle while it is built, in the model's floats; rounded once when it is emitted. */
type FloatCandle = { time: number; open: number; high: number; low: number; close: number; volume: number };

/** Start values kept for this many history stretches (a start asks for one; an instrument added later for another). */
const REMEMBERED_STRETCHES = 4;

/**
 * History by the world model of world.ts. Every instrument's history is asked for on its own, so
 * the stretch's random factors are drawn from streams named by the seed, the stretch and the
 * factor: instruments of the same stretch see the same currencies, metals, indices and coins. The
 * assets' start values are remembered per stretch: an instrument that quotes an asset against the
 * dollar sets it from its own start price, and a cross asked for later in the same stretch (the
 * catalogue lists the majors first) follows those legs, exactly as the live path does.
 */
export class HistoryWorld {
  private readonly starts = new Map<string, Map<string, number>>();

  constructor(
    private readonly seed: number,
    private readonly model: WorldModel,
  ) {}

  history(instrument: FeedInstrument, request: HistoryRequest, batchMinutes: number): Iterable<HistoryBatch> {
    const formula = this.model.define(instrument);
    const stretch = `${request.fromMs}:${request.minutesFromMs}:${request.toMs}:${instrument.session}`;
    let starts = this.starts.get(stretch);
    if (!starts) {
      starts = new Map();
      this.starts.set(stretch, starts);
      if (this.starts.size > REMEMBERED_STRETCHES) this.starts.delete(this.starts.keys().next().value ?? '');
    }
    this.model.anchor(formula, Number(request.startPrice), starts);
    const path = new HistoryPath(this.model, formula, starts, (name) =>
      seededRandom(hashText(`${this.seed}:history:${request.fromMs}:${name}`)),
    );
    const volumes = seededRandom(
      hashText(`${this.seed}:history:${request.fromMs}:${instrument.code}:volume`),
    );
    return simulateHistory(path, volumes, instrument, request, batchMinutes);
  }
}

type PathAsset = {
  name: string;
  baseLog: number;
  group: number;
  own: number;
  factor: Factor;
  random: Random;
  groupFactor: Factor | undefined;
};

/** One instrument's price path: the assets it reads, each from its start, and their groups. */
class HistoryPath {
  private readonly assets: PathAsset[] = [];
  private readonly groups: { factor: Factor; random: Random }[] = [];
  private readonly logs = new Map<string, number>();
  private readonly readLog = (name: string) => this.logs.get(name) ?? 0;

  constructor(
    private readonly model: WorldModel,
    private readonly formula: Formula,
    starts: ReadonlyMap<string, number>,
    stream: (name: string) => Random,
  ) {
    const groups = new Map<string, Factor>();
    for (const name of assetsOf(formula)) {
      const definition = model.asset(name);
      const log = starts.get(name) ?? definition.baseLog;
      let groupFactor: Factor | undefined;
      if (definition.group) {
        groupFactor = groups.get(definition.group.name);
        if (!groupFactor) {
          groupFactor = newFactor(definition.reversionRate);
          groups.set(definition.group.name, groupFactor);
          this.groups.push({ factor: groupFactor, random: stream(`group:${definition.group.name}`) });
        }
      }
      const weights = loadings(definition);
      this.assets.push({
        name,
        baseLog: definition.baseLog,
        group: weights.group,
        own: weights.own,
        factor: newFactor(definition.reversionRate, ownFactorFor(definition, log, 0)),
        random: stream(name),
        groupFactor,
      });
      this.logs.set(name, log);
    }
  }

  /** Moves every factor by `elapsedMs` and answers the instrument's unrounded price. */
  step(elapsedMs: number): number {
    for (const group of this.groups) stepFactor(group.factor, elapsedMs, group.random.normal());
    for (const asset of this.assets) {
      stepFactor(asset.factor, elapsedMs, asset.random.normal());
      const groupValue = asset.groupFactor ? asset.groupFactor.value : 0;
      this.logs.set(asset.name, asset.baseLog + asset.own * asset.factor.value + asset.group * groupValue);
    }
    return this.model.price(this.formula, this.readLog);
  }
}

/**
 * History as one continuous price path from the stretch's start: day candles for the whole
 * stretch, and one-minute candles from `minutesFromMs`. Nothing is produced while the market is
 * closed (sessions change on whole hours, so each hour is checked once), and the model does not
 * move then. Each day candle of the minute range aggregates exactly its minutes: the rounding
 * (Number.prototype.toFixed, half up at the float's exact value) is monotonic, so rounding the
 * float aggregate equals aggregating the rounded minutes.
 */
function* simulateHistory(
  path: HistoryPath,
  volumes: Random,
  instrument: FeedInstrument,
  request: HistoryRequest,
  batchMinutes: number,
): Generator<HistoryBatch> {
  const { session, pricePrecision } = instrument;
  const format = (candle: FloatCandle): Candle => ({
    time: candle.time,
    open: candle.open.toFixed(pricePrecision),
    high: candle.high.toFixed(pricePrecision),
    low: candle.low.toFixed(pricePrecision),
    close: candle.close.toFixed(pricePrecision),
    volume: String(candle.volume),
  });
  let minutes: Candle[] = [];
  let days: Candle[] = [];
  let day: FloatCandle | undefined;
  for (let hour = Math.floor(request.fromMs / HOUR_MS) * HOUR_MS; hour < request.toMs; hour += HOUR_MS) {
    if (!isMarketOpen(session, new Date(hour))) continue;
    const end = Math.min(hour + HOUR_MS, request.toMs);
    for (let time = Math.max(hour, request.fromMs); time < end; time += MINUTE_MS) {
      const stored = time >= request.minutesFromMs;
      const minute = simulateMinute(path, volumes, instrument, time, stored);
      if (stored) minutes.push(format(minute));
      const dayStart = Math.floor(time / DAY_MS) * DAY_MS;
      if (day && day.time !== dayStart) {
        days.push(format(day));
        day = undefined;
      }
      if (day) foldMinute(day, minute);
      else day = { ...minute, time: dayStart };
      if (minutes.length >= batchMinutes) {
        yield { minutes, days };
        minutes = [];
        days = [];
      }
    }
  }
  if (day) days.push(format(day));
  if (minutes.length > 0 || days.length > 0) yield { minutes, days };
}

function simulateMinute(
  path: HistoryPath,
  volumes: Random,
  instrument: FeedInstrument,
  time: number,
  stored: boolean,
): FloatCandle {
  const steps = stored ? STEPS_PER_STORED_MINUTE : STEPS_PER_DAY_ONLY_MINUTE;
  const first = path.step(MINUTE_MS / steps);
  let high = first;
  let low = first;
  let last = first;
  for (let step = 1; step < steps; step += 1) {
    last = path.step(MINUTE_MS / steps);
    if (last > high) high = last;
    if (last < low) low = last;
  }
  const volume = Math.max(
    1,
    Math.round(instrument.typicalVolume * TICKS_PER_MINUTE * (0.5 + volumes.next())),
  );
  return { time, open: first, high, low, close: last, volume };
}

/** Adds a minute to its day, in place: this runs for every minute of a year of history. */
function foldMinute(day: FloatCandle, minute: FloatCandle): void {
  if (minute.high > day.high) day.high = minute.high;
  if (minute.low < day.low) day.low = minute.low;
  day.close = minute.close;
  day.volume += minute.volume;
}
