import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

const INLINE_SCRIPT = /<script>([\s\S]*?)<\/script>/g;

/**
 * The Content-Security-Policy sources (`'sha256-…'`) of the inline scripts of a built page: the web
 * app's index.html carries its tiny language script inline, so the first paint waits for no
 * request, and the policy allows exactly that script and no other inline one. No file, no hashes.
 */
export function inlineScriptHashes(htmlFile: string): string[] {
  if (!existsSync(htmlFile)) return [];
  const html = readFileSync(htmlFile, 'utf8');
  return [...html.matchAll(INLINE_SCRIPT)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );
}
