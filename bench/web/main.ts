// The web benchmark: Lighthouse's mobile defaults on the built customer app, served by
// the built server as `npm start` serves it. It builds nothing: run `npm run build` first.
//
//   npm run bench -- web             # 3 runs of `/` and `/trade`, recorded in bench/results/web.md
//   npm run bench -- web -- --quick  # 1 run of each, records nothing (a smoke test)
//
// Exits with code 1 when a page misses a speed target (see report.ts), 2 when it cannot measure.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { constants, gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { FLOOR_PAGES, startFloor } from './floor';
import {
  checkTargets,
  floorSection,
  type PageResult,
  type RunFigures,
  resultTables,
  summarize,
} from './report';
import { startScripts } from './start-scripts';

const root = path.resolve(import.meta.dirname, '../..');
// BENCH_WEB_BUILD: a copy of the built apps (apps/*/dist, node_modules beside them) to measure
// instead of this checkout's, so a build elsewhere cannot empty apps/web/dist during a run.
// BENCH_WEB_REPORTS: a directory to keep every run's whole Lighthouse report in (JSON), to study
// a page's request chain, its LCP element or its long tasks.
const reportsDir = process.env.BENCH_WEB_REPORTS ? path.resolve(process.env.BENCH_WEB_REPORTS) : null;
const buildRoot = process.env.BENCH_WEB_BUILD ? path.resolve(process.env.BENCH_WEB_BUILD) : root;
const bundle = path.join(buildRoot, 'apps/server/dist/main.js');
/** The Node.js options `npm start` gives the server (package.json), so it runs here as it runs there. */
const startFlags =
  (
    JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }
  ).scripts.start
    .match(/node ((?:--\S+ )*)apps\/server\/dist\/main\.js/)?.[1]
    ?.split(' ')
    .filter(Boolean) ?? [];
const webIndex = path.join(buildRoot, 'apps/web/dist/index.html');
const resultsDir = path.join(root, 'bench/results');
const PAGES = ['/', '/trade'];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runsArg = args.find((arg) => arg.startsWith('--runs='));
const RUNS = quick ? 1 : runsArg ? Number(runsArg.slice('--runs='.length)) : 3;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Server = { url: string; child: ChildProcess; dataDir: string; output: () => string };

/** `node apps/server/dist/main.js` (what `npm start` runs after building) on a fresh DATA_DIR. */
async function startServer(): Promise<Server> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-bench-web-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
  };
  // The embedded database in DATA_DIR, as a fresh `npm start` has it.
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, [...startFlags, bundle], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  return { url: `http://127.0.0.1:${port}`, child, dataDir, output: () => output };
}

/** /healthz answers, then every instrument of the market has a quote. */
async function waitUntilReady(server: Server): Promise<void> {
  const deadline = Date.now() + 180_000;
  let healthy = false;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) {
      throw new Error(`server exited with ${server.child.exitCode}:\n${server.output().slice(-2000)}`);
    }
    try {
      if (!healthy) healthy = (await fetch(`${server.url}/healthz`)).ok;
      if (healthy) {
        const list = (await (await fetch(`${server.url}/v1/api/forex/trade_list`)).json()) as {
          data?: { ForexQuotations?: { Bid?: string } }[];
        };
        const quotes = list.data ?? [];
        if (quotes.length > 0 && quotes.every((entry) => Number(entry.ForexQuotations?.Bid) > 0)) return;
      }
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error(`server not ready within 180 s (healthy: ${healthy}):\n${server.output().slice(-2000)}`);
}

async function stopServer(server: Server): Promise<void> {
  if (server.child.exitCode === null) {
    const exited = new Promise((resolve) => server.child.once('exit', resolve));
    server.child.kill('SIGTERM');
    await Promise.race([exited, sleep(20_000)]);
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
  }
  await rm(server.dataDir, { recursive: true, force: true });
}

type NetworkItem = {
  url: string;
  resourceType?: string;
  transferSize?: number;
  networkEndTime?: number;
};

/** Gzip -9 sizes of the scripts, fetched once each from the server (the same URL is the same file). */
const gzipSizes = new Map<string, number>();
async function gzipSize(url: string): Promise<number> {
  const known = gzipSizes.get(url);
  if (known !== undefined) return known;
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  const size = gzipSync(body, { level: constants.Z_BEST_COMPRESSION }).length;
  gzipSizes.set(url, size);
  return size;
}

type LighthouseRun = { figures: RunFigures; environment: Record<string, unknown> };

/** Lighthouse's trace-recording faults, which it says to answer by running it again. */
const RETRIED_FAULTS = /NO_NAVSTART|NO_FCP|NO_TRACING_STARTED/;

/** One run, made again (up to twice) when Lighthouse failed to record the page's trace. */
async function runLighthouse(url: string, origin: string): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouseOnce(url, origin);
    } catch (error) {
      if (attempt >= 3 || !RETRIED_FAULTS.test(String(error))) throw error;
      console.log(`${url}: ${String(error).split('\n')[0]}; running it again`);
    }
  }
}

async function runLighthouseOnce(url: string, origin: string): Promise<LighthouseRun> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    // No settings: Lighthouse's defaults are the mobile ones (a Moto G Power's screen, simulated
    // throttling: 150 ms RTT, 1.6 Mbps, 4x CPU slowdown).
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (reportsDir) {
      const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'page'}-${Date.now()}.json`;
      await writeFile(path.join(reportsDir, name), JSON.stringify(lhr));
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => {
      const value = lhr.audits[id]?.numericValue;
      if (typeof value !== 'number') throw new Error(`Lighthouse audit ${id} has no value for ${url}`);
      return value;
    };
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);

    // The page's start scripts as its HTML names them (the entry and the modules preloaded with it;
    // index.html's loader lists them after the first frame), each of which the page must have loaded.
    const network = lhr.audits['network-requests']?.details as { items: NetworkItem[] } | undefined;
    if (!network) throw new Error(`Lighthouse gave no network records for ${url}`);
    const starting = startScripts(await (await fetch(url)).text());
    const scripts = network.items.filter(
      (item) =>
        item.resourceType === 'Script' &&
        item.url.startsWith(origin) &&
        starting.has(new URL(item.url).pathname),
    );
    const loaded = new Set(scripts.map((item) => new URL(item.url).pathname));
    const missing = [...starting].filter((script) => !loaded.has(script));
    if (missing.length > 0) throw new Error(`${url} did not load its start scripts ${missing.join(', ')}`);
    let gzipBytes = 0;
    for (const script of scripts) gzipBytes += await gzipSize(script.url);

    const failedAccessibilityAudits = (lhr.categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    return {
      figures: {
        performance: score('performance'),
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(4)),
        accessibility: score('accessibility'),
        transferBytes: Math.round(audit('total-byte-weight')),
        initialJsFiles: scripts.length,
        initialJsTransferBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
        initialJsGzipBytes: gzipBytes,
        failedAccessibilityAudits,
      },
      environment: {
        lighthouse: lhr.lighthouseVersion,
        browser: lhr.environment.hostUserAgent,
        benchmarkIndex: lhr.environment.benchmarkIndex,
        formFactor: lhr.configSettings.formFactor,
        throttlingMethod: lhr.configSettings.throttlingMethod,
        throttling: lhr.configSettings.throttling,
      },
    };
  } finally {
    chrome.kill();
  }
}

function git(...gitArgs: string[]): string {
  try {
    return execFileSync('git', gitArgs, { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return '';
  }
}

function load(): string {
  return os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
}

async function main(): Promise<number> {
  if (!existsSync(bundle) || !existsSync(webIndex)) {
    console.error('bench/web: nothing built. Run `npm run build` first (this benchmark builds nothing).');
    return 2;
  }
  const commit = git('rev-parse', '--short', 'HEAD');
  const subject = git('log', '-1', '--format=%s').slice(0, 100);
  const uncommitted = git('status', '--porcelain', '--', 'apps', 'packages')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
  const builtAt = statSync(webIndex).mtime.toISOString();
  const startedAt = new Date().toISOString();
  const loadAtStart = load();
  console.log(
    `bench/web: commit ${commit}, web built ${builtAt}, load ${loadAtStart}, ${RUNS} run(s) a page`,
  );

  const server = await startServer();
  const pages: PageResult[] = [];
  let environment: Record<string, unknown> = {};
  try {
    const readyStart = Date.now();
    await waitUntilReady(server);
    console.log(`server ready with quotes in ${((Date.now() - readyStart) / 1000).toFixed(1)} s`);
    // One unmeasured visit, so that no measured run pays for the server's first answers.
    await runLighthouse(`${server.url}/`, server.url);
    for (const page of PAGES) {
      const runs: RunFigures[] = [];
      for (let run = 1; run <= RUNS; run += 1) {
        const result = await runLighthouse(`${server.url}${page}`, server.url);
        environment = result.environment;
        runs.push(result.figures);
        const f = result.figures;
        console.log(
          `${page} run ${run}: performance ${f.performance}, FCP ${f.fcpMs} ms, LCP ${f.lcpMs} ms, TBT ${f.tbtMs} ms, ` +
            `CLS ${f.cls}, accessibility ${f.accessibility}, ${f.transferBytes} B, ` +
            `initial JS ${f.initialJsGzipBytes} B gzip in ${f.initialJsFiles} files`,
        );
      }
      pages.push(summarize(page, runs));
    }
  } finally {
    await stopServer(server);
  }
  // The floors beside it, measured the same way (no targets): the first screen's libraries alone,
  // and the trade page's chart library alone drawing its first page of candles.
  const floors: PageResult[] = [];
  if (!quick) {
    const floorApp = await startFloor();
    try {
      for (const [name, pathname] of FLOOR_PAGES) {
        const runs: RunFigures[] = [];
        for (let run = 1; run <= RUNS; run += 1) {
          const result = await runLighthouse(`${floorApp.url}${pathname}`, floorApp.url);
          runs.push(result.figures);
          console.log(
            `${name} run ${run}: performance ${result.figures.performance}, LCP ${result.figures.lcpMs} ms, ` +
              `TBT ${result.figures.tbtMs} ms, initial JS ${result.figures.initialJsGzipBytes} B gzip`,
          );
        }
        floors.push(summarize(name, runs));
      }
    } finally {
      await floorApp.stop();
    }
  }
  const loadAtEnd = load();
  const targets = checkTargets(pages);
  const tables = resultTables(pages);
  console.log(`\n${tables}\n\nload average (1 / 5 / 15 min): ${loadAtStart} at start, ${loadAtEnd} at end`);

  if (!quick) {
    const machine = {
      cpu: os.cpus()[0]?.model.trim(),
      cores: os.cpus().length,
      memoryGiB: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      loadAtStart,
      loadAtEnd,
    };
    const measured = `commit \`${commit}\` (${subject})${
      uncommitted > 0 ? ` plus ${uncommitted} uncommitted changed files under apps/ and packages/` : ''
    }, web app built ${builtAt}`;
    const markdown = [
      `# Web benchmark, ${startedAt}`,
      '',
      `Measured: ${measured}.`,
      '',
      `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, Node ${machine.node}. ` +
        `Load average (1 / 5 / 15 min): ${loadAtStart} at start, ${loadAtEnd} at end.`,
      '',
      `Lighthouse ${String(environment.lighthouse)}, ${String(environment.formFactor)}, ` +
        `${String(environment.throttlingMethod)} throttling ${JSON.stringify(environment.throttling)}; ` +
        `browser: ${String(environment.browser)}; benchmarkIndex ${String(environment.benchmarkIndex)} ` +
        "(Lighthouse's measure of this machine's CPU speed).",
      '',
      `${RUNS} runs a page, after one unmeasured visit of \`/\`; the median row is each figure's own median. ` +
        'Transferred: every byte the page loaded. Initial JS: the scripts the page starts with, as its HTML ' +
        "names them (the entry module and the modules preloaded with it, from index.html's loader or its " +
        'tags; their files gzip -9, fetched from the server), and how many.',
      '',
      tables,
      '',
      ...(floors.length > 0 ? [floorSection(floors), ''] : []),
      ...pages.map(
        (page) =>
          `Failed accessibility audits on \`${page.path}\` (any run): ${
            page.median.failedAccessibilityAudits.length > 0
              ? page.median.failedAccessibilityAudits.map((id) => `\`${id}\``).join(', ')
              : 'none'
          }.`,
      ),
      '',
    ].join('\n');
    await writeFile(path.join(resultsDir, 'web.md'), markdown);
    await writeFile(
      path.join(resultsDir, 'web.json'),
      `${JSON.stringify({ at: startedAt, commit, subject, uncommitted, builtAt, machine, environment, pages, floors, targets }, null, 2)}\n`,
    );
    console.log('recorded in bench/results/web.md and web.json');
  }
  const missed = targets.filter((target) => !target.met);
  if (missed.length > 0) {
    console.error(
      `\ntargets missed: ${missed.map((target) => `${target.page} ${target.what} ${target.shown} (${target.target})`).join('; ')}`,
    );
    return 1;
  }
  console.log('\nevery target met');
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
