import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app';

const PRECOMPRESS = fileURLToPath(new URL('../../../scripts/precompress.mjs', import.meta.url));

// A tiny build, shaped as Vite leaves it, then put through the real post-build step.
const LANGUAGE_SCRIPT = "document.documentElement.dir = 'ltr';";
const INDEX = `<!doctype html><html><head><script>${LANGUAGE_SCRIPT}</script><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root">${'<p>shell</p>'.repeat(200)}</div></body></html>`;
const APP_JS = Array.from({ length: 400 }, (_, i) => `export const value${i} = 'price ${i}';`).join('\n');
const TINY_JS = 'export const x = 1;';
const MANIFEST = JSON.stringify({ name: 'Meridian', icons: [] });
const ADMIN_JS = Array.from({ length: 200 }, (_, i) => `console.log('staff ${i}');`).join('\n');
const ADMIN_INDEX =
  '<!doctype html><div id="root"></div><script src="/admin/assets/admin-Zz99Yy88.js"></script>';

/** Writes the files into a fresh dist, runs scripts/precompress.mjs on it, returns what dist then holds. */
async function build(
  root: string,
  name: string,
  files: Record<string, string>,
): Promise<Record<string, Buffer>> {
  const dist = path.join(root, name, 'dist');
  for (const [file, content] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dist, file)), { recursive: true });
    await writeFile(path.join(dist, file), content);
  }
  execFileSync(process.execPath, [PRECOMPRESS, dist], { stdio: 'pipe' });
  const out: Record<string, Buffer> = {};
  for (const entry of await readdir(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    out[path.relative(dist, full)] = await readFile(full);
  }
  return out;
}

let t: TestApp;
let root: string;
let webFiles: Record<string, Buffer>;
beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'meridian-build-'));
  webFiles = await build(root, 'web', {
    'index.html': INDEX,
    'manifest.json': MANIFEST,
    'assets/index-Ab12Cd34.js': `${APP_JS}\n//# debugId=1`,
    'assets/index-Ab12Cd34.js.map': '{"version":3}',
    'assets/tiny-Qq11Ww22.js': TINY_JS,
  });
  const adminFiles = await build(root, 'admin', {
    'index.html': ADMIN_INDEX,
    'assets/admin-Zz99Yy88.js': ADMIN_JS,
    'assets/admin-Zz99Yy88.js.map': '{"version":3}',
  });
  t = await createTestApp({ webFiles, adminFiles });
});
afterAll(async () => {
  await t?.close();
  await rm(root, { recursive: true, force: true });
});

const decode = {
  br: (bytes: Buffer) => brotliDecompressSync(bytes).toString(),
  gzip: (bytes: Buffer) => gunzipSync(bytes).toString(),
};

describe('the post-build step', () => {
  it('writes brotli and gzip twins of the text files above 1 KiB only, and moves the source maps out of dist', () => {
    expect(Object.keys(webFiles).sort()).toEqual([
      'assets/index-Ab12Cd34.js',
      'assets/index-Ab12Cd34.js.br',
      'assets/index-Ab12Cd34.js.gz',
      'assets/tiny-Qq11Ww22.js',
      'index.html',
      'index.html.br',
      'index.html.gz',
      'manifest.json',
    ]);
    expect(existsSync(path.join(root, 'web', 'sourcemaps', 'assets', 'index-Ab12Cd34.js.map'))).toBe(true);
  });
});

describe('the built customer app', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate', 'gzip'],
  ] as const)(
    'sends a hashed asset precompressed for Accept-Encoding %s, cached for a year',
    async (accept, encoding) => {
      const response = await t.app.inject({
        url: '/assets/index-Ab12Cd34.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/^(text|application)\/javascript/);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.rawPayload.length).toBeLessThan(APP_JS.length / 4);
      expect(decode[encoding](response.rawPayload)).toBe(`${APP_JS}\n//# debugId=1`);
    },
  );

  it.each([{}, { 'accept-encoding': 'identity' }])(
    'sends the plain file to a browser that accepts no compression (%o)',
    async (headers) => {
      const response = await t.app.inject({ url: '/assets/index-Ab12Cd34.js', headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.body).toBe(`${APP_JS}\n//# debugId=1`);
    },
  );

  it('sends a small asset as it is', async () => {
    const response = await t.app.inject({
      url: '/assets/tiny-Qq11Ww22.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(response.statusCode).toBe(200);
    const body =
      response.headers['content-encoding'] === 'br' ? decode.br(response.rawPayload) : response.body;
    expect(body).toBe(TINY_JS);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/', '/trade', '/market/EURUSD?tab=chart'])(
    'answers %s with index.html, compressed and revalidated on every use',
    async (url) => {
      const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip, br' } });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(decode.br(response.rawPayload)).toBe(INDEX);
    },
  );

  it('answers a client route in plain HTML to a browser that accepts no compression', async () => {
    const response = await t.app.inject({ url: '/trade' });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toBe(INDEX);
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const policy = String(response.headers['content-security-policy']);
    const hash = createHash('sha256').update(LANGUAGE_SCRIPT).digest('base64');
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(policy).not.toContain("'unsafe-inline' ;script-src");
    expect(policy.match(/script-src [^;]*/)?.[0]).not.toContain('unsafe-inline');
  });

  it('revalidates manifest.json on every use', async () => {
    const response = await t.app.inject({ url: '/manifest.json', headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    // Under 1 KiB it has no twin; the API's compression may still take it on the fly.
    const body =
      response.headers['content-encoding'] === 'br' ? decode.br(response.rawPayload) : response.body;
    expect(body).toBe(MANIFEST);
  });

  it.each([
    '/assets/index-Ab12Cd34.js.map',
    '/assets/index-Ab12Cd34.js.br',
    '/assets/index-Ab12Cd34.js.gz',
    '/assets/gone-00000000.js',
  ])('answers %s not found', async (url) => {
    const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).not.toMatch(/^text\/html/);
  });
});

describe('the built back office', () => {
  it('sends its hashed assets precompressed and cached for a year, its pages revalidated, no source map', async () => {
    const asset = await t.app.inject({
      url: '/admin/assets/admin-Zz99Yy88.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(asset.headers.vary).toMatch(/accept-encoding/i);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decode.gzip(asset.rawPayload)).toBe(ADMIN_JS);

    const page = await t.app.inject({ url: '/admin/customers' });
    expect(page.body).toBe(ADMIN_INDEX);
    expect(page.headers['cache-control']).toBe('no-cache');

    const map = await t.app.inject({ url: '/admin/assets/admin-Zz99Yy88.js.map' });
    expect(map.statusCode).toBe(404);
  });
});

describe('API answers', () => {
  it('compresses a large answer at the encoding the client prefers', async () => {
    const plain = await t.app.inject({ url: '/docs/json' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(10_000);

    const response = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(decode.br(response.rawPayload))).toEqual(plain.json());

    const gzip = await t.app.inject({ url: '/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode.gzip(gzip.rawPayload))).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const response = await t.app.inject({ url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });
});
