import { describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarHeader, tarPadding } from './tar';

async function* chunksOf(buffer: Buffer, size: number): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < buffer.length; offset += size) yield buffer.subarray(offset, offset + size);
}

function archiveOf(files: Record<string, Buffer>): Buffer {
  const parts: Buffer[] = [];
  for (const [name, content] of Object.entries(files))
    parts.push(tarHeader({ name, size: content.length }, 0), content, tarPadding(content.length));
  parts.push(tarEnd());
  return Buffer.concat(parts);
}

async function read(archive: Buffer, chunkSize: number): Promise<Record<string, string>> {
  const found: Record<string, string> = {};
  await readTar(chunksOf(archive, chunkSize), (entry) => {
    const pieces: Buffer[] = [];
    return {
      write: (piece) => {
        pieces.push(Buffer.from(piece));
      },
      end: () => {
        found[entry.name] = Buffer.concat(pieces).toString('utf8');
      },
    };
  });
  return found;
}

describe('the backup archive format', () => {
  const longName = `data/uploads/${'a'.repeat(90)}/${'b'.repeat(60)}.png`;
  const files = {
    'meridian-backup.json': Buffer.from('{"format":1}'),
    'empty.txt': Buffer.alloc(0),
    [longName]: Buffer.from('x'.repeat(1500)),
  };

  it('reads back what it wrote, whatever the chunk size', async () => {
    const archive = archiveOf(files);
    for (const size of [1, 7, 512, 100_000]) {
      expect(await read(archive, size)).toEqual({
        'meridian-backup.json': '{"format":1}',
        'empty.txt': '',
        [longName]: 'x'.repeat(1500),
      });
    }
  });

  it('refuses names that leave the folder', () => {
    for (const name of ['../etc/passwd', '/etc/passwd', 'data/../../x', 'a//b', 'a\\b'])
      expect(() => tarHeader({ name, size: 1 }, 0)).toThrow(/unsafe path/);
  });

  it('refuses an archive cut short or damaged', async () => {
    const archive = archiveOf(files);
    await expect(read(archive.subarray(0, 1200), 512)).rejects.toThrow(/cut short/);
    const damaged = Buffer.from(archive);
    damaged[10] = (damaged[10] ?? 0) ^ 0xff;
    await expect(read(damaged, 512)).rejects.toThrow(/checksum/);
  });
});
