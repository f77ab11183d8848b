import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The web app's layers (house style, after bulletproof-react): shared code (src/lib, src/hooks,
 * src/components) imports no feature and not the app; a feature imports shared code and its own
 * files, never another feature's; src/app composes the features. A change that needs two features
 * together belongs in src/app or moves the shared part down into src/lib.
 */
const SOURCE_ROOT = path.dirname(fileURLToPath(import.meta.url));
const FEATURES_ROOT = path.join(SOURCE_ROOT, 'features');
const SHARED_FOLDERS = ['lib', 'hooks', 'components'];

/** Every module path a file names: static and type imports, re-exports, dynamic imports, mocks. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files a source file imports from inside src, as paths relative to src. */
function importsOf(file: string, text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) continue;
    targets.push(path.relative(SOURCE_ROOT, path.resolve(path.dirname(file), specifier)));
  }
  return targets;
}

/** The feature a path (relative to src) belongs to, if any. */
function featureOf(relativePath: string): string | undefined {
  const [top, feature] = relativePath.split(path.sep);
  return top === 'features' ? feature : undefined;
}

function wrongImports(files: readonly string[], allowed: (from: string, to: string) => boolean): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = path.relative(SOURCE_ROOT, file);
    for (const to of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!allowed(from, to)) wrong.push(`${from} -> ${to}`);
    }
  }
  return wrong;
}

describe('web layers', () => {
  it('reads the imports it checks', () => {
    const file = path.join(FEATURES_ROOT, 'market/components/example.tsx');
    const text = [
      "import { a } from '../../trading/api/get-orders';",
      "import type { B } from '../utils/b';",
      "export { c } from '../../../lib/c';",
      "const lazy = () => import('../../chart/components/kline-chart');",
      "import './market.css';",
      "import { z } from 'zod';",
    ].join('\n');
    expect(importsOf(file, text)).toEqual([
      path.join('features', 'trading', 'api', 'get-orders'),
      path.join('features', 'market', 'utils', 'b'),
      path.join('lib', 'c'),
      path.join('features', 'chart', 'components', 'kline-chart'),
      path.join('features', 'market', 'components', 'market.css'),
    ]);
  });

  it('no feature imports another feature', () => {
    const wrong = wrongImports(sourceFilesUnder(FEATURES_ROOT), (from, to) => {
      const target = featureOf(to);
      return target === undefined || target === featureOf(from);
    });
    expect(wrong).toEqual([]);
  });

  it('shared code imports no feature and not the app', () => {
    const files = SHARED_FOLDERS.flatMap((folder) => sourceFilesUnder(path.join(SOURCE_ROOT, folder)));
    const wrong = wrongImports(files, (_from, to) => {
      const top = to.split(path.sep)[0];
      return top !== 'features' && top !== 'app';
    });
    expect(wrong).toEqual([]);
  });
});
