/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The React apps' layers (house style, after bulletproof-react), checked by each app's layers test:
 * shared code (src/lib, src/hooks, src/components) imports no feature and not the app; a feature
 * imports shared code and its own files, never another feature's; src/app composes the features.
 * A change that needs two features together belongs in src/app or moves the shared part down.
 */
export const SHARED_FOLDERS = ['lib', 'hooks', 'components'] as const;

/** Every module path a file names: static and type imports, re-exports, dynamic imports, mocks. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bvi\.mock\(\s*)['"]([^'"]+)['"]/g;

export function sourceFilesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The files a source file imports from inside `sourceRoot`, as paths relative to it. */
export function importsOf(sourceRoot: string, file: string, text: string): string[] {
  const targets: string[] = [];
  for (const match of text.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? '';
    if (!specifier.startsWith('.')) continue;
    targets.push(path.relative(sourceRoot, path.resolve(path.dirname(file), specifier)));
  }
  return targets;
}

/** The feature a path (relative to the source root) belongs to, if any. */
function featureOf(relativePath: string): string | undefined {
  const [top, feature] = relativePath.split(path.sep);
  return top === 'features' ? feature : undefined;
}

function wrongImports(
  sourceRoot: string,
  files: readonly string[],
  allowed: (from: string, to: string) => boolean,
): string[] {
  const wrong: string[] = [];
  for (const file of files) {
    const from = path.relative(sourceRoot, file);
    for (const to of importsOf(sourceRoot, file, readFileSync(file, 'utf8'))) {
      if (!allowed(from, to)) wrong.push(`${from} -> ${to}`);
    }
  }
  return wrong;
}

/** Imports from one feature into another or into the app, as "from -> to" lines (none expected). */
export function crossFeatureImports(sourceRoot: string): string[] {
  return wrongImports(sourceRoot, sourceFilesUnder(path.join(sourceRoot, 'features')), (from, to) => {
    if (to.split(path.sep)[0] === 'app') return false;
    const target = featureOf(to);
    return target === undefined || target === featureOf(from);
  });
}

/** Imports from shared code into a feature or the app, as "from -> to" lines (none expected). */
export function sharedCodeReachingUp(sourceRoot: string): string[] {
  const files = SHARED_FOLDERS.flatMap((folder) => {
    try {
      return sourceFilesUnder(path.join(sourceRoot, folder));
    } catch {
      return []; // An app without that folder has nothing there to check.
    }
  });
  return wrongImports(sourceRoot, files, (_from, to) => {
    const top = to.split(path.sep)[0];
    return top !== 'features' && top !== 'app';
  });
}
