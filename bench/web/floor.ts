import { createReadStream, existsSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { constants, createGzip } from 'node:zlib';
import { build } from 'vite';

const floorApp = path.join(import.meta.dirname, 'floor-app');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

export type Floor = { url: string; stop(): Promise<void> };

/** The floor's pages: their name in the results, and their address on the floor's server. */
export const FLOOR_PAGES: readonly (readonly [string, string])[] = [
  ['floor', '/'],
  ['floor chart', '/chart.html'],
];

/** Builds floor-app/ (the first screen's libraries alone) for production and serves it on the loopback. */
export async function startFloor(): Promise<Floor> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-floor-'));
  await build({
    root: floorApp,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: {
        input: { index: path.join(floorApp, 'index.html'), chart: path.join(floorApp, 'chart.html') },
      },
    },
  });
  const server = createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://floor').pathname;
    const file = path.join(outDir, pathname === '/' ? 'index.html' : path.normalize(pathname));
    if (!file.startsWith(outDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    // Compressed as the app's files are (they are precompressed), so the floor pays no extra bytes.
    if (!/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
      response.writeHead(200, { 'content-type': type });
      createReadStream(file).pipe(response);
      return;
    }
    response.writeHead(200, { 'content-type': type, 'content-encoding': 'gzip', vary: 'accept-encoding' });
    createReadStream(file)
      .pipe(createGzip({ level: constants.Z_BEST_COMPRESSION }))
      .pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
