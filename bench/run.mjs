// Runs the benchmarks under bench/, one after another: `npm run bench` runs all of them,
// `npm run bench -- engine` only those whose folder name is given, and anything after a further
// `--` goes to each benchmark (`npm run bench -- engine -- --quick`).
//
// A benchmark is a folder of bench/ (results/ holds their reports). It runs by its `run.sh` when it
// has one, otherwise each of its `*.bench.ts` files, otherwise its `main.ts`, with tsx and with
// `--expose-gc` so a benchmark may settle the heap before measuring it.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const args = process.argv.slice(2);
const split = args.indexOf('--');
const names = split === -1 ? args : args.slice(0, split);
const passed = split === -1 ? [] : args.slice(split + 1);

function commandsFor(folder) {
  const dir = path.join(benchDir, folder);
  if (existsSync(path.join(dir, 'run.sh'))) return [['bash', [path.join(dir, 'run.sh'), ...passed]]];
  const node = (file) => [
    process.execPath,
    ['--expose-gc', '--import', 'tsx', path.join(dir, file), ...passed],
  ];
  const benches = readdirSync(dir)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort();
  if (benches.length > 0) return benches.map(node);
  if (existsSync(path.join(dir, 'main.ts'))) return [node('main.ts')];
  return [];
}

const folders = readdirSync(benchDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && entry.name !== 'results' && !entry.name.startsWith('.'))
  .map((entry) => entry.name)
  .filter((name) => names.length === 0 || names.includes(name))
  .sort();
const unknown = names.filter((name) => !folders.includes(name));
if (unknown.length > 0) {
  console.error(`no benchmark named ${unknown.join(', ')} under bench/`);
  process.exit(2);
}

const failed = [];
for (const folder of folders) {
  const commands = commandsFor(folder);
  if (commands.length === 0)
    console.warn(`bench/${folder}: nothing to run (no run.sh, *.bench.ts or main.ts)`);
  for (const [command, commandArgs] of commands) {
    console.log(
      `\n=== bench/${folder}: ${path.basename(commandArgs[commandArgs.length - passed.length - 1] ?? '')}`,
    );
    const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) failed.push(`${folder} (exit ${result.status ?? result.signal})`);
  }
}
if (failed.length > 0) {
  console.error(`\nbenchmarks failed: ${failed.join(', ')}`);
  process.exit(1);
}
