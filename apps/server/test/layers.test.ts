import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../src/areas';
import { type ImportEdge, resolveImport, serverImportProblems } from './import-rules';

// STYLE.md: `domain` depends on nothing but decimal.js, `contract` on zod only, and the web app
// never reaches into the server. The compiler's project references enforce part of this; this
// test enforces the rest by reading every import.
const root = path.resolve(import.meta.dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [
    ...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g),
  ].map((match) => (match[1] ?? match[2]) as string);
}

function foreignImports(dir: string, allowed: (specifier: string, file: string) => boolean): string[] {
  return sourceFiles(dir).flatMap((file) =>
    importsOf(file)
      .filter((specifier) => !allowed(specifier, file))
      .map((specifier) => `${path.relative(root, file)} imports ${specifier}`),
  );
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);
const testTools = ['vitest', 'fast-check'];

describe('layers', () => {
  it('domain imports only decimal.js and itself', () => {
    const domainSource = path.join(root, 'packages/domain/src');
    const problems = foreignImports(domainSource, (specifier, file) => {
      // Relative imports stay inside the domain (strategies/ reaches '../money').
      if (specifier.startsWith('.'))
        return path.resolve(path.dirname(file), specifier).startsWith(domainSource + path.sep);
      if (specifier === 'decimal.js') return true;
      return isTest(file) && testTools.includes(specifier);
    });
    expect(problems).toEqual([]);
  });

  it('contract imports only zod and itself', () => {
    const problems = foreignImports(path.join(root, 'packages/contract/src'), (specifier, file) => {
      if (specifier.startsWith('./') || specifier === 'zod') return true;
      return isTest(file) && testTools.includes(specifier);
    });
    expect(problems).toEqual([]);
  });

  it('the web app never imports the server', () => {
    const problems = foreignImports(
      path.join(root, 'apps/web/src'),
      (specifier) => !specifier.includes('apps/server') && !specifier.startsWith('@meridian/server'),
    );
    expect(problems).toEqual([]);
  });
});

// The server's areas (docs/decisions.md, "Server areas"): other areas only through the front door,
// the schema only in repositories and db/. The rules themselves are tested in import-rules.test.ts.
describe('server areas', () => {
  const server = path.join(root, 'apps/server');
  const edges: ImportEdge[] = sourceFiles(path.join(server, 'src')).flatMap((file) => {
    const from = path.relative(server, file).split(path.sep).join('/');
    return importsOf(file)
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => ({ from, to: resolveImport(server, from, specifier, existsSync) }));
  });

  it('has imports to check', () => {
    expect(edges.length).toBeGreaterThan(500);
  });

  it('imports another area only through its front door, and the schema only in repositories', () => {
    expect(serverImportProblems(edges)).toEqual([]);
  });

  // An area's folder name is what other areas' needs refer to, and an area left out of the list
  // would have its routes and hooks silently missing. The back office is no entry: it mounts the
  // others' staff routes.
  it('lists every area that declares itself (an <area>.area.ts) in src/areas.ts, under its folder name', () => {
    const modules = path.join(server, 'src/modules');
    const declared = readdirSync(modules, { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(modules, entry.name, `${entry.name}.area.ts`)),
      )
      .map((entry) => entry.name)
      .filter((name) => name !== 'staff');
    expect(AREAS.map((area) => area.name).sort()).toEqual(declared.sort());
  });
});
