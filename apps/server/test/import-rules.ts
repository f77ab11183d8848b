import path from 'node:path';

/**
 * The server's import rules, as pure functions of an import list, so that a test can check them on
 * the real source and on a made-up one. Paths are relative to apps/server, with '/' separators.
 *
 * - A business area (`src/modules/<area>/`) is imported from outside it only through its front door,
 *   `src/modules/<area>/<area>.public.ts`; every other file of the area is private.
 * - Only repositories (`*.repository.ts`) and `src/db/` itself import the schema (`src/db/schema*.ts`),
 *   so queries stay in repositories.
 * Tests (`*.test.ts`, and everything under `test/`) may reach anything they test.
 */
export type ImportEdge = { from: string; to: string };

const AREA = /^src\/modules\/([a-z-]+)\//;
const SCHEMA = /^src\/db\/schema(-[a-z-]+)?\.ts$/;

export function areaOf(file: string): string | undefined {
  return AREA.exec(file)?.[1];
}

export function frontDoorOf(area: string): string {
  return `src/modules/${area}/${area}.public.ts`;
}

function isTest(file: string): boolean {
  return file.startsWith('test/') || /\.test\.tsx?$/.test(file);
}

export function serverImportProblems(edges: readonly ImportEdge[]): string[] {
  return edges.flatMap(({ from, to }) => {
    if (isTest(from)) return [];
    const problems: string[] = [];
    const area = areaOf(to);
    if (area !== undefined && areaOf(from) !== area && to !== frontDoorOf(area)) {
      problems.push(`${from} imports ${to}: another area's private file (use ${frontDoorOf(area)})`);
    }
    if (SCHEMA.test(to) && !from.endsWith('.repository.ts') && !from.startsWith('src/db/')) {
      problems.push(`${from} imports ${to}: only repositories and db/ import the schema`);
    }
    return problems;
  });
}

/** The file a relative specifier names (TypeScript's extension-less form), relative to `base`. */
export function resolveImport(
  base: string,
  from: string,
  specifier: string,
  exists: (file: string) => boolean,
) {
  const target = path.resolve(base, path.dirname(from), specifier);
  const candidates = [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), target];
  const found = candidates.find(exists) ?? target;
  return path.relative(base, found).split(path.sep).join('/');
}
