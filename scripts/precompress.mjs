#!/usr/bin/env node
/**
 * Post-build step of the web apps (apps/web, apps/admin): `node ../../scripts/precompress.mjs dist`.
 *
 * 1. Moves the source maps (built with Vite's `sourcemap: 'hidden'`, so no file points at them)
 *    out of the served folder into `sourcemaps/` beside it: they stay at hand for reading a stack
 *    trace, and the server never serves them.
 * 2. Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) next to every text
 *    file of at least MIN_BYTES, each only when it is smaller than the file; the server
 *    (@fastify/static `preCompressed`) sends the one the browser accepts.
 */
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const MIN_BYTES = 1024;
const TEXT = /\.(?:js|mjs|css|html|json|webmanifest|svg|txt|xml)$/i;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

async function main() {
  const distDir = path.resolve(process.argv[2] ?? 'dist');
  if (!(await stat(distDir).catch(() => null))?.isDirectory()) {
    throw new Error(`precompress: no folder ${distDir}`);
  }
  const mapsDir = path.join(path.dirname(distDir), 'sourcemaps');
  await rm(mapsDir, { recursive: true, force: true });

  let maps = 0;
  let count = 0;
  let raw = 0;
  let br = 0;
  let gz = 0;
  const all = [];
  for await (const file of files(distDir)) all.push(file);
  for (const file of all) {
    if (file.endsWith('.map')) {
      const target = path.join(mapsDir, path.relative(distDir, file));
      await mkdir(path.dirname(target), { recursive: true });
      await rename(file, target);
      maps += 1;
      continue;
    }
    if (!TEXT.test(file)) continue;
    const content = await readFile(file);
    if (content.length < MIN_BYTES) continue;
    const [b, g] = await Promise.all([
      brotli(content, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        },
      }),
      gzip(content, { level: 9 }),
    ]);
    if (b.length < content.length) await writeFile(`${file}.br`, b);
    if (g.length < content.length) await writeFile(`${file}.gz`, g);
    count += 1;
    raw += content.length;
    br += Math.min(b.length, content.length);
    gz += Math.min(g.length, content.length);
  }
  const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
  console.log(
    `precompress: ${count} files, ${kib(raw)} raw, ${kib(gz)} gzip, ${kib(br)} brotli; ${maps} source maps moved to ${path.relative(process.cwd(), mapsDir)}`,
  );
}

await main();
