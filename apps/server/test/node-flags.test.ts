import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingNodeFlags, SERVER_NODE_FLAGS } from '../src/node-flags';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

describe("the server's Node.js options", () => {
  it('are passed by `npm start` and named where operators start the bundle themselves', () => {
    const start = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.start;
    for (const flag of SERVER_NODE_FLAGS) {
      expect(start).toContain(`node ${flag} apps/server/dist/main.js`);
      expect(read('docs/operations.md')).toContain(`node ${flag} apps/server/dist/main.js`);
    }
  });

  it('are found in the arguments or in NODE_OPTIONS, and reported when missing', () => {
    expect(missingNodeFlags([], undefined)).toEqual([...SERVER_NODE_FLAGS]);
    expect(missingNodeFlags([...SERVER_NODE_FLAGS], undefined)).toEqual([]);
    expect(missingNodeFlags(['--expose-gc'], `--inspect ${SERVER_NODE_FLAGS.join(' ')}`)).toEqual([]);
  });
});
