// The web benchmark's arithmetic, apart from Lighthouse and the browser: one run's figures, the
// medians of a page's runs, the speed targets and the Markdown table of the results file.

/** What one Lighthouse run of one page gave. Times in ms, sizes in bytes, scores 0-100. */
export type RunFigures = {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  accessibility: number;
  /** Every byte the page transferred (Lighthouse's total byte weight). */
  transferBytes: number;
  /** Scripts finished before the load event: their count, bytes as served and gzip -9 bytes. */
  initialJsFiles: number;
  initialJsTransferBytes: number;
  initialJsGzipBytes: number;
  /** Accessibility audits that failed in this run (their Lighthouse ids). */
  failedAccessibilityAudits: string[];
};

export type PageResult = { path: string; runs: RunFigures[]; median: RunFigures };

const NUMERIC_KEYS = [
  'performance',
  'fcpMs',
  'lcpMs',
  'tbtMs',
  'cls',
  'accessibility',
  'transferBytes',
  'initialJsFiles',
  'initialJsTransferBytes',
  'initialJsGzipBytes',
] as const satisfies readonly (keyof RunFigures)[];

export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs on its own (not the figures of one median run). */
export function summarize(path: string, runs: readonly RunFigures[]): PageResult {
  const figures = Object.fromEntries(
    NUMERIC_KEYS.map((key) => [key, median(runs.map((run) => run[key]))]),
  ) as Omit<RunFigures, 'failedAccessibilityAudits'>;
  const failed = [...new Set(runs.flatMap((run) => run.failedAccessibilityAudits))].sort();
  return { path, runs: [...runs], median: { ...figures, failedAccessibilityAudits: failed } };
}

export type Target = {
  page: string;
  what: string;
  target: string;
  value: number;
  shown: string;
  met: boolean;
};

/** The speed targets the pages must meet, checked on the medians. */
export function checkTargets(pages: readonly PageResult[]): Target[] {
  const targets: Target[] = [];
  const add = (page: string, what: string, target: string, value: number, shown: string, met: boolean) =>
    targets.push({ page, what, target, value, shown, met });
  for (const { path, median: m } of pages) {
    const home = path === '/';
    const minimum = home ? 95 : 90;
    add(path, 'performance', `≥ ${minimum}`, m.performance, String(m.performance), m.performance >= minimum);
    if (home) add(path, 'LCP', '≤ 1.5 s', m.lcpMs, seconds(m.lcpMs), m.lcpMs <= 1500);
    add(path, 'TBT', '≤ 150 ms', m.tbtMs, `${Math.round(m.tbtMs)} ms`, m.tbtMs <= 150);
    add(path, 'CLS', '≤ 0.02', m.cls, m.cls.toFixed(3), m.cls <= 0.02);
    add(path, 'accessibility', '≥ 98', m.accessibility, String(m.accessibility), m.accessibility >= 98);
    if (home) {
      add(
        path,
        'initial JS (gzip)',
        '≤ 150 KB',
        m.initialJsGzipBytes,
        kilobytes(m.initialJsGzipBytes),
        m.initialJsGzipBytes <= 150 * 1024,
      );
    }
  }
  return targets;
}

export function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** KB of 1,024 bytes, as bundlers report them. */
export function kilobytes(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}

function row(cells: readonly string[]): string {
  return `| ${cells.join(' | ')} |`;
}

function figureCells(f: RunFigures): string[] {
  return [
    String(f.performance),
    seconds(f.fcpMs),
    seconds(f.lcpMs),
    `${Math.round(f.tbtMs)} ms`,
    f.cls.toFixed(3),
    String(f.accessibility),
    kilobytes(f.transferBytes),
    `${kilobytes(f.initialJsGzipBytes)} in ${f.initialJsFiles}`,
  ];
}

const HEADER = [
  'performance',
  'FCP',
  'LCP',
  'TBT',
  'CLS',
  'accessibility',
  'transferred',
  'initial JS gzip (files)',
];

/** The medians table, every run's figures and the targets, as Markdown. */
export function resultTables(pages: readonly PageResult[]): string {
  const lines = [row(['page', 'run', ...HEADER]), row(['---', '---', ...HEADER.map(() => '---:')])];
  for (const page of pages) {
    lines.push(
      row([`\`${page.path}\``, '**median**', ...figureCells(page.median).map((cell) => `**${cell}**`)]),
    );
    page.runs.forEach((run, index) => {
      lines.push(row([`\`${page.path}\``, String(index + 1), ...figureCells(run)]));
    });
  }
  lines.push('', row(['page', 'target', 'median', 'met']), row(['---', '---', '---:', '---']));
  for (const target of checkTargets(pages)) {
    lines.push(
      row([
        `\`${target.page}\``,
        `${target.what} ${target.target}`,
        target.shown,
        target.met ? 'yes' : '**no**',
      ]),
    );
  }
  return lines.join('\n');
}

/**
 * The floor beside the app: the first screen's libraries alone (floor-app/), measured the same way
 * and held to no target; what is left between it and the app is ours to win.
 */
export function floorSection(floors: readonly PageResult[]): string {
  return [
    "The floors, measured in the same session, built for production and served gzip -9 on the loopback: `floor` is `floor-app/index.html` (React, React Router's declarative routes, i18next and TanStack Query rendering one line, none of Meridian's code), the floor of `/`; `floor chart` is `floor-app/chart.html` (lightweight-charts alone drawing 300 candles and their volumes, as `/trade` first does, under a line of text), the part of `/trade` no code of ours can remove.",
    '',
    row(['page', 'run', ...HEADER]),
    row(['---', '---', ...HEADER.map(() => '---:')]),
    ...floors.flatMap((floor) => [
      row([floor.path, '**median**', ...figureCells(floor.median).map((cell) => `**${cell}**`)]),
      ...floor.runs.map((run, index) => row([floor.path, String(index + 1), ...figureCells(run)])),
    ]),
  ].join('\n');
}
