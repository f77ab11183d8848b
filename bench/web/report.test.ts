import { describe, expect, it } from 'vitest';
import { checkTargets, floorSection, median, type RunFigures, resultTables, summarize } from './report';

const good: RunFigures = {
  performance: 97,
  fcpMs: 900,
  lcpMs: 1400,
  tbtMs: 80,
  cls: 0.01,
  accessibility: 100,
  transferBytes: 300_000,
  initialJsFiles: 3,
  initialJsTransferBytes: 120_000,
  initialJsGzipBytes: 120_000,
  failedAccessibilityAudits: [],
};

const missedBy = (page: string, runs: RunFigures[]) =>
  checkTargets([summarize(page, runs)])
    .filter((target) => !target.met)
    .map((target) => target.what);

describe('web benchmark report', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it("summarizes each figure by its own median and keeps every run's failed audits", () => {
    const result = summarize('/', [
      { ...good, performance: 60, lcpMs: 900, failedAccessibilityAudits: ['color-contrast'] },
      { ...good, performance: 99, lcpMs: 3000 },
      { ...good, performance: 90, lcpMs: 1200, failedAccessibilityAudits: ['button-name', 'color-contrast'] },
    ]);
    expect(result.median.performance).toBe(90);
    expect(result.median.lcpMs).toBe(1200);
    expect(result.median.failedAccessibilityAudits).toEqual(['button-name', 'color-contrast']);
    expect(result.runs).toHaveLength(3);
  });

  it('meets every target at the limits and misses each one just past it', () => {
    const atLimits = { ...good, performance: 95, lcpMs: 1500, tbtMs: 150, cls: 0.02, accessibility: 98 };
    expect(missedBy('/', [{ ...atLimits, initialJsGzipBytes: 150 * 1024 }])).toEqual([]);
    expect(
      missedBy('/', [
        {
          ...good,
          performance: 94,
          lcpMs: 1501,
          tbtMs: 151,
          cls: 0.021,
          accessibility: 97,
          initialJsGzipBytes: 150 * 1024 + 1,
        },
      ]),
    ).toEqual(['performance', 'LCP', 'TBT', 'CLS', 'accessibility', 'initial JS (gzip)']);
  });

  it('holds /trade to performance 90 and neither to LCP nor to the initial JS budget', () => {
    const slowTrade = { ...good, performance: 90, lcpMs: 4000, initialJsGzipBytes: 400_000 };
    expect(missedBy('/trade', [slowTrade])).toEqual([]);
    expect(missedBy('/trade', [{ ...slowTrade, performance: 89 }])).toEqual(['performance']);
  });

  it('tables the medians, each run and whether each target is met', () => {
    const text = resultTables([summarize('/', [good, { ...good, performance: 50 }, good])]);
    expect(text).toContain(
      '| `/` | **median** | **97** | **0.90 s** | **1.40 s** | **80 ms** | **0.010** | **100** |',
    );
    expect(text).toContain('| `/` | 2 | 50 |');
    expect(text).toContain('| `/` | initial JS (gzip) ≤ 150 KB | 117.2 KB | yes |');
    expect(text.split('\n').filter((line) => line.endsWith('| yes |'))).toHaveLength(6);
  });

  it('tables the floor with its runs and no targets', () => {
    const text = floorSection([
      summarize('floor', [good, { ...good, tbtMs: 200 }, { ...good, tbtMs: 10 }]),
      summarize('floor chart', [{ ...good, tbtMs: 300 }]),
    ]);
    expect(text).toContain('| floor | **median** | **97** | **0.90 s** | **1.40 s** | **80 ms** |');
    expect(text).toContain('| floor | 2 | 97 | 0.90 s | 1.40 s | 200 ms |');
    expect(text).toContain('| floor chart | **median** | **97** | **0.90 s** | **1.40 s** | **300 ms** |');
    expect(text).not.toContain('| yes |');
  });
});
