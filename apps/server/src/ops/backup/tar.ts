/**
 * The little of the tar format (POSIX ustar) a backup needs: regular files with relative paths, one
 * after the other, read back in order. Written by hand instead of adding a dependency; any `tar`
 * reads the archives (`tar -tzf backup.tar.gz`).
 */

const BLOCK_BYTES = 512;
const NAME_BYTES = 100;
const PREFIX_BYTES = 155;
/** An 11-digit octal size: 8 GiB less one byte, far above an embedded database's backup. */
const SIZE_MAX = 8 ** 11 - 1;

export type TarEntry = { name: string; size: number };

/** A file's header block; the name is split into prefix and name at a slash when longer than 100 bytes. */
export function tarHeader(entry: TarEntry, modifiedMs: number): Buffer {
  checkName(entry.name);
  if (!Number.isSafeInteger(entry.size) || entry.size < 0 || entry.size > SIZE_MAX)
    throw new Error(`${entry.name}: too large for a backup archive (${entry.size} bytes)`);
  const [prefix, name] = splitName(entry.name);
  const header = Buffer.alloc(BLOCK_BYTES);
  header.write(name, 0, NAME_BYTES, 'utf8');
  writeOctal(header, 100, 8, 0o644);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeOctal(header, 124, 12, entry.size);
  writeOctal(header, 136, 12, Math.floor(modifiedMs / 1000));
  header.write('        ', 148, 8, 'ascii');
  header.write('0', 156, 1, 'ascii');
  header.write('ustar\u000000', 257, 8, 'ascii');
  header.write(prefix, 345, PREFIX_BYTES, 'utf8');
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 8, 'ascii');
  return header;
}

/** Zero bytes that bring a file of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK_BYTES - (size % BLOCK_BYTES)) % BLOCK_BYTES);
}

/** Two zero blocks end an archive. */
export function tarEnd(): Buffer {
  return Buffer.alloc(BLOCK_BYTES * 2);
}

/**
 * Reads an archive's entries as they come (a gunzipped stream), handing each file's content in
 * pieces to `onFile`'s sink. Anything but a regular file, and any name that could leave the folder it
 * is restored into, is refused: an archive is input, and input is checked at the edge.
 */
export async function readTar(
  chunks: AsyncIterable<Buffer>,
  onFile: (entry: TarEntry) => { write(piece: Buffer): Promise<void> | void; end(): Promise<void> | void },
): Promise<number> {
  let pending: Buffer = Buffer.alloc(0);
  let sink: ReturnType<typeof onFile> | undefined;
  let remaining = 0;
  let padding = 0;
  let files = 0;
  let ended = false;
  for await (const chunk of chunks) {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
    while (!ended) {
      if (sink) {
        if (pending.length === 0) break;
        const piece = pending.subarray(0, Math.min(remaining, pending.length));
        pending = pending.subarray(piece.length);
        remaining -= piece.length;
        await sink.write(piece);
        if (remaining > 0) break;
        await sink.end();
        sink = undefined;
        continue;
      }
      if (padding > 0) {
        const skipped = Math.min(padding, pending.length);
        pending = pending.subarray(skipped);
        padding -= skipped;
        if (padding > 0) break;
      }
      if (pending.length < BLOCK_BYTES) break;
      const header = pending.subarray(0, BLOCK_BYTES);
      pending = pending.subarray(BLOCK_BYTES);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = readHeader(header);
      files += 1;
      sink = onFile(entry);
      remaining = entry.size;
      padding = tarPadding(entry.size).length;
      if (remaining === 0) {
        await sink.end();
        sink = undefined;
      }
    }
  }
  if (!ended || sink) throw new Error('the backup archive is cut short');
  return files;
}

function readHeader(header: Buffer): TarEntry {
  if (header.toString('ascii', 257, 262) !== 'ustar')
    throw new Error('not a backup archive (no ustar header)');
  let sum = 0;
  for (let index = 0; index < BLOCK_BYTES; index += 1)
    sum += index >= 148 && index < 156 ? 0x20 : (header[index] ?? 0);
  if (sum !== readOctal(header, 148, 8)) throw new Error('the backup archive is damaged (header checksum)');
  const type = header.toString('ascii', 156, 157);
  const name = [cString(header, 345, PREFIX_BYTES), cString(header, 0, NAME_BYTES)].filter(Boolean).join('/');
  if (type !== '0' && type !== '\u0000') throw new Error(`${name}: not a regular file`);
  checkName(name);
  return { name, size: readOctal(header, 124, 12) };
}

/** Relative, forward slashes, no empty, `.` or `..` part: it stays inside the folder it goes to. */
function checkName(name: string): void {
  const parts = name.split('/');
  if (
    name.length === 0 ||
    name.includes('\\') ||
    name.includes('\u0000') ||
    parts.some((part) => part === '' || part === '.' || part === '..')
  )
    throw new Error(`unsafe path in a backup archive: ${JSON.stringify(name)}`);
}

function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= NAME_BYTES) return ['', name];
  for (let cut = name.lastIndexOf('/'); cut > 0; cut = name.lastIndexOf('/', cut - 1)) {
    const prefix = name.slice(0, cut);
    const rest = name.slice(cut + 1);
    if (Buffer.byteLength(prefix) <= PREFIX_BYTES && Buffer.byteLength(rest) <= NAME_BYTES)
      return [prefix, rest];
  }
  throw new Error(`path too long for a backup archive: ${name}`);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number): void {
  header.write(`${value.toString(8).padStart(length - 1, '0')}\u0000`, offset, length, 'ascii');
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = cString(header, offset, length).trim();
  const value = Number.parseInt(text || '0', 8);
  if (!Number.isSafeInteger(value) || value < 0) throw new Error('the backup archive is damaged (a number)');
  return value;
}

function cString(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.toString('utf8', 0, end === -1 ? length : end);
}
