import { Counter, Gauge, type Registry } from 'prom-client';
import { FEED_PROBLEMS, type FeedHealthReport, refusalsOf } from '../modules/market/market.public';

type RealReport = Extract<FeedHealthReport, { simulated: false }>;

/**
 * The price feed's health as Prometheus series (docs/operations.md "Metrics"), read
 * at each scrape from the market area's report. Labels stay bounded: the feed's role and kind, the
 * instrument codes of the catalogue, the refusal reasons of the quote checks.
 *
 * With the simulator there is no connection to watch: the labelled series are absent (a 0 for
 * "connected" would page someone for a feed that does not exist) and the two plain ones read 0 (no
 * stale instrument, no switch). On a node that does not run the feed (several nodes: not the
 * leader) the feed's own counts are absent too, since its connections are the leader's; the stale
 * count is still this node's own judgement of the prices it has.
 */
export function registerFeedMetrics(registry: Registry, read: () => FeedHealthReport): void {
  // One report per scrape: prom-client runs every collect in one synchronous pass.
  let current: FeedHealthReport | undefined;
  const report = (): FeedHealthReport => {
    if (!current) {
      current = read();
      queueMicrotask(() => {
        current = undefined;
      });
    }
    return current;
  };
  const running = (): RealReport | undefined => {
    const now = report();
    return now.simulated || !now.runsHere ? undefined : now;
  };
  const registers = [registry];

  new Gauge({
    name: 'meridian_feed_connected',
    help: 'Whether each price feed connection is up (1: logged on or subscribed) or not (0)',
    labelNames: ['role', 'kind'] as const,
    registers,
    collect() {
      this.reset();
      for (const source of running()?.sources ?? [])
        this.set({ role: source.role, kind: source.kind }, source.state === 'connected' ? 1 : 0);
    },
  });
  new Gauge({
    name: 'meridian_feed_active',
    help: 'Whether the market takes its prices from this feed (1) or not (0)',
    labelNames: ['role'] as const,
    registers,
    collect() {
      this.reset();
      for (const source of running()?.sources ?? []) this.set({ role: source.role }, source.active ? 1 : 0);
    },
  });
  new Counter({
    name: 'meridian_feed_quotes_received_total',
    help: 'Quotes each price feed connection delivered, any symbol, before the checks',
    labelNames: ['role'] as const,
    registers,
    collect() {
      this.reset();
      for (const source of running()?.sources ?? []) this.inc({ role: source.role }, source.quotesReceived);
    },
  });
  new Counter({
    name: 'meridian_feed_quotes_total',
    help: 'Quotes of the active feed accepted by the quote checks, by instrument',
    labelNames: ['instrument'] as const,
    registers,
    collect() {
      this.reset();
      for (const instrument of running()?.instruments ?? [])
        this.inc({ instrument: instrument.code }, instrument.accepted);
    },
  });
  new Counter({
    name: 'meridian_feed_quotes_refused_total',
    help: 'Quotes of the active feed refused by the quote checks, by instrument and reason',
    labelNames: ['instrument', 'reason'] as const,
    registers,
    collect() {
      this.reset();
      for (const instrument of running()?.instruments ?? [])
        for (const [reason, count] of refusalsOf(instrument))
          this.inc({ instrument: instrument.code, reason }, count);
    },
  });
  new Gauge({
    name: 'meridian_feed_last_quote_age_seconds',
    help: 'Seconds since the last accepted quote, by instrument (absent before the first)',
    labelNames: ['instrument'] as const,
    registers,
    collect() {
      this.reset();
      for (const instrument of running()?.instruments ?? [])
        if (instrument.lastQuoteAgeMs !== undefined)
          this.set({ instrument: instrument.code }, instrument.lastQuoteAgeMs / 1000);
    },
  });
  new Gauge({
    name: 'meridian_feed_stale_instruments',
    help: 'Instruments without a usable real price now (stale, no feed symbol, or refused by the venue)',
    registers,
    collect() {
      const now = report();
      this.set(
        now.simulated
          ? 0
          : now.instruments.filter((instrument) => FEED_PROBLEMS.includes(instrument.reason)).length,
      );
    },
  });
  // The feed keeps its last switches only: each scrape counts the ones newer than the last seen.
  let switches = 0;
  let lastSwitchMs = Number.NEGATIVE_INFINITY;
  new Counter({
    name: 'meridian_feed_failovers_total',
    help: 'Switches between the primary and the secondary price feed, either way',
    registers,
    collect() {
      for (const change of running()?.switches ?? []) if (change.atMs > lastSwitchMs) switches += 1;
      lastSwitchMs = Math.max(lastSwitchMs, ...(running()?.switches ?? []).map((change) => change.atMs));
      this.reset();
      this.inc(switches);
    },
  });
}
