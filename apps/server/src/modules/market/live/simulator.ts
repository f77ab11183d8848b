import { isMarketOpen, nextOpenMs } from '@meridian/domain/market-session';
import { SERVER_LIMITS } from '../../../limits';
import { type Factor, loadings, newFactor, ownFactorFor, stepFactor } from './factor';
import type { FeedInstrument, PriceTick } from './feed';
import { hashText, type Random, seededRandom } from './random';
import { assetsOf, type Formula, type WorldModel } from './world';

/** An asset moves a few times a second: each gap is drawn uniformly from this range (300 ms on average). */
export const TICK_INTERVAL_MS_MIN = 150;
export const TICK_INTERVAL_MS_MAX = 450;

/** Half-life of the group factors, as the assets'. */
const GROUP_REVERSION_RATE = Math.LN2 / (90 / 365.25);

type LiveInstrument = { instrument: FeedInstrument; formula: Formula; random: Random };

type LiveAsset = {
  name: string;
  /** The asset's log value, which changes only at its own moves (so its instruments agree between them). */
  log: number;
  own: Factor;
  random: Random;
  lastMoveMs: number;
  nextMoveMs: number;
  dependents: LiveInstrument[];
};

type LiveGroup = { factor: Factor; random: Random; lastMoveMs: number };

/**
 * The live world (see world.ts): each asset moves at its own random moments, a few times a
 * second, and every instrument made from it ticks at that moment with a price computed from the
 * assets' current values, so a cross and its legs agree at every tick. The same seed, resumes and
 * clock give the same ticks however often `drain` is called (within SERVER_LIMITS.feedCatchUpMs).
 * An asset whose instruments are all closed does not move, and one step covers at most
 * SERVER_LIMITS.feedStepMsMax, so prices reopen where they closed.
 */
export class LiveWorld {
  private readonly instruments = new Map<number, LiveInstrument>();
  private readonly assets = new Map<string, LiveAsset>();
  private readonly groups = new Map<string, LiveGroup>();

  constructor(
    private readonly seed: number,
    private readonly model: WorldModel,
  ) {}

  /**
   * Continues an instrument from `price` at `atMs`: sets the assets its price implies (see
   * WorldModel.anchor: a cross whose legs are live follows them) and schedules their next moves.
   */
  resume(instrument: FeedInstrument, price: string, atMs: number): void {
    const formula = this.model.define(instrument);
    for (const asset of this.assets.values()) {
      asset.dependents = asset.dependents.filter((dependent) => dependent.instrument.id !== instrument.id);
    }
    const live: LiveInstrument = {
      instrument,
      formula,
      random: seededRandom(hashText(`${this.seed}:live:${instrument.code}:${atMs}`)),
    };
    this.instruments.set(instrument.id, live);
    const logs = new Map<string, number>();
    for (const [name, asset] of this.assets) logs.set(name, asset.log);
    this.model.anchor(formula, Number(price), logs);
    for (const name of assetsOf(formula)) {
      const log = logs.get(name) ?? this.model.asset(name).baseLog;
      const asset = this.liveAsset(name, log, atMs);
      // Also when the price is unchanged: a definition may have changed (an instrument's base price).
      this.setLog(asset, log);
      asset.dependents.push(live);
      if (asset.nextMoveMs < atMs) {
        asset.lastMoveMs = atMs;
        asset.nextMoveMs = atMs + this.gap(asset);
      }
    }
  }

  /** Every tick due up to `nowMs`, in time order. */
  drain(nowMs: number): PriceTick[] {
    const ticks: PriceTick[] = [];
    // Moves that fell due long ago (a paused process, a clock moved by hand) are skipped.
    const earliest = nowMs - SERVER_LIMITS.feedCatchUpMs;
    for (const asset of this.assets.values()) asset.nextMoveMs = Math.max(asset.nextMoveMs, earliest);
    for (;;) {
      const asset = this.nextDue(nowMs);
      if (!asset) return ticks;
      const at = asset.nextMoveMs;
      let openAt = Number.POSITIVE_INFINITY;
      for (const dependent of asset.dependents) {
        openAt = Math.min(openAt, nextOpenMs(dependent.instrument.session, at));
      }
      if (openAt > at) {
        asset.nextMoveMs = openAt;
        continue;
      }
      this.move(asset, at);
      const date = new Date(at);
      for (const dependent of asset.dependents) {
        if (isMarketOpen(dependent.instrument.session, date)) ticks.push(this.tick(dependent, at));
      }
      asset.nextMoveMs = at + this.gap(asset);
    }
  }

  /** The model's current price of an instrument, at its precision. */
  price(instrumentId: number): string {
    const live = this.instruments.get(instrumentId);
    if (!live) throw new Error(`instrument ${instrumentId} not resumed`);
    return this.priceOf(live);
  }

  private tick(live: LiveInstrument, at: number): PriceTick {
    const volume = Math.max(1, Math.round(live.instrument.typicalVolume * (0.2 + 1.6 * live.random.next())));
    return {
      instrumentId: live.instrument.id,
      timeMs: at,
      price: this.priceOf(live),
      volume: String(volume),
    };
  }

  private priceOf(live: LiveInstrument): string {
    const value = this.model.price(live.formula, (name) => this.assets.get(name)?.log ?? 0);
    return value.toFixed(live.instrument.pricePrecision);
  }

  /** The asset due first (ties: the one created first), if any is due by `nowMs`. */
  private nextDue(nowMs: number): LiveAsset | undefined {
    let due: LiveAsset | undefined;
    for (const asset of this.assets.values()) {
      if (asset.dependents.length === 0 || asset.nextMoveMs > nowMs) continue;
      if (!due || asset.nextMoveMs < due.nextMoveMs) due = asset;
    }
    return due;
  }

  private move(asset: LiveAsset, at: number): void {
    const definition = this.model.asset(asset.name);
    const weights = loadings(definition);
    let groupValue = 0;
    if (definition.group) {
      const group = this.group(definition.group.name, at);
      stepFactor(
        group.factor,
        Math.min(at - group.lastMoveMs, SERVER_LIMITS.feedStepMsMax),
        group.random.normal(),
      );
      group.lastMoveMs = at;
      groupValue = group.factor.value;
    }
    asset.own.rate = definition.reversionRate;
    stepFactor(
      asset.own,
      Math.min(at - asset.lastMoveMs, SERVER_LIMITS.feedStepMsMax),
      asset.random.normal(),
    );
    asset.lastMoveMs = at;
    asset.log = definition.baseLog + weights.group * groupValue + weights.own * asset.own.value;
  }

  /** Puts an asset at `log` by choosing its own factor (its group's stays: other assets share it). */
  private setLog(asset: LiveAsset, log: number): void {
    const definition = this.model.asset(asset.name);
    const groupValue = definition.group ? (this.groups.get(definition.group.name)?.factor.value ?? 0) : 0;
    asset.own.value = ownFactorFor(definition, log, groupValue);
    asset.log = log;
  }

  private liveAsset(name: string, log: number, atMs: number): LiveAsset {
    const existing = this.assets.get(name);
    if (existing) return existing;
    const definition = this.model.asset(name);
    const asset: LiveAsset = {
      name,
      log,
      own: newFactor(definition.reversionRate),
      random: seededRandom(hashText(`${this.seed}:live:asset:${name}:${atMs}`)),
      lastMoveMs: atMs,
      nextMoveMs: Number.NEGATIVE_INFINITY,
      dependents: [],
    };
    this.assets.set(name, asset);
    this.setLog(asset, log);
    return asset;
  }

  private group(name: string, atMs: number): LiveGroup {
    let group = this.groups.get(name);
    if (!group) {
      group = {
        factor: newFactor(GROUP_REVERSION_RATE),
        random: seededRandom(hashText(`${this.seed}:live:group:${name}:${atMs}`)),
        lastMoveMs: atMs,
      };
      this.groups.set(name, group);
    }
    return group;
  }

  private gap(asset: LiveAsset): number {
    const draw = asset.random.next();
    return Math.round(TICK_INTERVAL_MS_MIN + draw * (TICK_INTERVAL_MS_MAX - TICK_INTERVAL_MS_MIN));
  }
}
