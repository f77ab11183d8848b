import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './inline-script-hashes';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inline-hashes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const sha = (body: string) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`;

describe('inlineScriptHashes', () => {
  it('hashes each inline script as the browser does (its exact text), and not scripts with a src', async () => {
    const first = "\n(() => { document.documentElement.lang = 'ar'; })();\n";
    const file = path.join(dir, 'index.html');
    await writeFile(
      file,
      `<head><script>${first}</script><script type="module" src="/assets/a.js"></script><script>x()</script></head>`,
    );
    expect(inlineScriptHashes(file)).toEqual([sha(first), sha('x()')]);
  });

  it('gives nothing for a page without inline scripts or without a build', async () => {
    const file = path.join(dir, 'plain.html');
    await writeFile(file, '<script src="/a.js"></script>');
    expect(inlineScriptHashes(file)).toEqual([]);
    expect(inlineScriptHashes(path.join(dir, 'missing.html'))).toEqual([]);
  });
});
