import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { maskPassword, RotatingFixLog } from './fix-log';

describe('FIX session log', () => {
  it('masks the password (554) on the wire delimiter and in the log form, leaving 553 and others', () => {
    const soh = String.fromCharCode(1);
    expect(maskPassword('8=FIX.4.4|35=A|553=u|554=p@ss|10=1|')).toBe('8=FIX.4.4|35=A|553=u|554=****|10=1|');
    expect(maskPassword(`35=A${soh}554=x${soh}`)).toBe(`35=A${soh}554=****${soh}`);
    expect(maskPassword('554=first|1554=other|')).toBe('554=****|1554=other|');
  });

  it('rolls over by size and keeps only the configured number of old files', async () => {
    const dir = path.join(await mkdtemp(path.join(os.tmpdir(), 'fix-log-')), 'fix');
    const log = new RotatingFixLog({ dir, name: 'A-B', maxBytes: 400, keep: 2 });
    for (let i = 0; i < 20; i++) {
      log.write('in', `8=FIX.4.4|35=W|262=m${i}|554=secret|${'x'.repeat(40)}|`);
      await log.flush();
    }
    expect((await readdir(dir)).sort()).toEqual(['A-B.1.log', 'A-B.2.log', 'A-B.log']);
    const text = await readFile(path.join(dir, 'A-B.log'), 'utf8');
    expect(text).toContain('262=m19|554=****|');
    expect(text).not.toContain('secret');
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(400);
  });
});
