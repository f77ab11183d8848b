import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isServerText } from './fields';

/**
 * The guarantee behind fields.ts: no schema of the contract lets a control character through. Two
 * checks, one on the source and one on the schemas themselves, so neither a new `z.string()` nor a
 * block that forgets the rule goes unnoticed.
 */

declare global {
  interface ImportMeta {
    /** Vite's import.meta.glob, which vitest provides (the contract has no vite types). */
    glob<Module>(
      patterns: string | string[],
      options: { eager: true; query?: string; import?: string },
    ): Record<string, Module>;
  }
}

const MODULES = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true });
const SOURCES = import.meta.glob<string>(['./*.ts', '!./*.test.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const BARE_STRING = /\bz\s*\.\s*(?:coerce\s*\.\s*)?string\s*\(/g;

describe('contract sources', () => {
  it('are all read by this test', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(10);
    expect(Object.keys(SOURCES)).toContain('./fields.ts');
  });

  it('make strings only in fields.ts: every other file uses its blocks', () => {
    const bare = Object.entries(SOURCES)
      .filter(([file]) => file !== './fields.ts')
      .flatMap(([file, source]) => {
        return [...source.matchAll(BARE_STRING)].map(
          (match) => `${file} line ${source.slice(0, match.index).split('\n').length}`,
        );
      });
    expect(bare).toEqual([]);
  });
});

/** One of each kind of character no request may carry into the server. */
const REFUSED_CHARACTERS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u2028', '\ud800'];
const PROBES = ['\u0000', ...REFUSED_CHARACTERS.map((character) => `a${character}b`)];

function carriesRefused(value: unknown): boolean {
  if (typeof value === 'string') return REFUSED_CHARACTERS.some((character) => value.includes(character));
  if (Array.isArray(value)) return value.some(carriesRefused);
  if (value && typeof value === 'object') return Object.values(value).some(carriesRefused);
  return false;
}

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; element?: z.ZodType };
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional']);

/**
 * Every place of a schema where a request's value is read: through objects, arrays, unions and
 * wrappers down to the fields (a pipe or a transform is one field: its end result counts).
 */
function fieldsOf(schema: z.ZodType, path: string): [string, z.ZodType][] {
  const def = schema._zod.def as unknown as Def;
  if (def.type === 'object' && def.shape)
    return Object.entries(def.shape).flatMap(([key, inner]) => fieldsOf(inner, `${path}.${key}`));
  if (WRAPPERS.has(def.type) && def.innerType) return fieldsOf(def.innerType, path);
  if (def.type === 'array' && def.element) return fieldsOf(def.element, `${path}[]`);
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).flatMap((option, index) => fieldsOf(option, `${path}|${index}`));
  return [[path, schema]];
}

function leaksControls(field: z.ZodType): boolean {
  return PROBES.some((probe) => {
    const result = field.safeParse(probe);
    return result.success && carriesRefused(result.data);
  });
}

describe('every exported schema', () => {
  const schemas = Object.entries(MODULES).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
      .map(([name, schema]) => [`${file.replace('./', '')} ${name}`, schema] as const),
  );

  it('are found', () => {
    expect(schemas.length).toBeGreaterThan(80);
  });

  it('refuse a control character in every field a request fills', () => {
    const leaking = schemas.flatMap(([name, schema]) =>
      fieldsOf(schema, name)
        // An answer's text is the server's own; `unknown` is a value no code reads (the socket's
        // params of ping and logout).
        .filter(([, field]) => !isServerText(field) && field._zod.def.type !== 'unknown')
        .filter(([, field]) => leaksControls(field))
        .map(([path]) => path),
    );
    expect(leaking).toEqual([]);
  });

  it('answer text fields as server text, so the check above sees the request fields', () => {
    const answerTexts = schemas.flatMap(([name, schema]) =>
      fieldsOf(schema, name).filter(([, field]) => isServerText(field)),
    );
    expect(answerTexts.length).toBeGreaterThan(100);
  });
});
