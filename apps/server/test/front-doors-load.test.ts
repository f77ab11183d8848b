import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

const MODULES = path.resolve(import.meta.dirname, '../src/modules');

/** Every area's front door, the files other areas and the tests import first. */
const FRONT_DOORS = readdirSync(MODULES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .flatMap((entry) =>
    readdirSync(path.join(MODULES, entry.name))
      .filter((name) => name.endsWith('.public.ts'))
      .map((name) => `${entry.name}/${name}`),
  );

/**
 * The areas import each other in circles (legal's routes need the staff area, the staff area's
 * graph reaches legal). A file that calls an import at load time then finds it undefined when the
 * graph is entered from the other side of the circle: the browser tests, importing content first,
 * once found `backOfficeGroup is not a function`. Each front door is loaded here as the first file
 * of a fresh graph, so such a call fails here, named, instead of in one entry order only.
 */
describe('every front door loads as the first file of the graph', () => {
  it('finds the front doors', () => {
    expect(FRONT_DOORS.length).toBeGreaterThan(10);
  });

  it.each(FRONT_DOORS)('%s', async (file) => {
    vi.resetModules();
    const loaded: Record<string, unknown> = await import(path.join(MODULES, file));
    expect(Object.keys(loaded).length).toBeGreaterThan(0);
  });
});
