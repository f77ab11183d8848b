import { type FileHandle, mkdir, open, rename, rm } from 'node:fs/promises';
import path from 'node:path';

/** Tag 554 (Password) with its value, between field delimiters (SOH on the wire, '|' in logs). */
const SOH = String.fromCharCode(1);
const PASSWORD_FIELD = new RegExp(`(^|[${SOH}|])554=[^${SOH}|]*`, 'g');

/** The text with every Password (554) value replaced by asterisks; the tag itself stays, to show it was sent. */
export function maskPassword(text: string): string {
  // Nearly every message has no password: the regular expression runs only where one may be.
  return text.includes('554=') ? text.replace(PASSWORD_FIELD, '$1554=****') : text;
}

type FixLogOptions = {
  /** The folder (created when missing): `<DATA_DIR>/fix`. */
  dir: string;
  /** The file's name without extension: the session, e.g. `MERIDIAN-LP`. */
  name: string;
  /** Bytes before the file rolls over to `.1` (default 10 MB). */
  maxBytes?: number;
  /** Rolled-over files kept besides the current one (default 5). */
  keep?: number;
};

/**
 * The FIX session's message log, the first thing a provider's support asks for: one line per
 * message sent or received, `<ISO time> <in|out> <message with '|' delimiters>`, password masked.
 * Lines are buffered and appended in the background to a file kept open: while one write runs,
 * the lines that arrive wait and go together in the next (a burst of quotes costs a few writes, not
 * one open, write and close each). The file rolls over by size: `name.log` → `name.1.log` …
 * `name.<keep>.log`, the oldest dropped.
 */
export class RotatingFixLog {
  readonly file: string;
  private readonly maxBytes: number;
  private readonly keep: number;
  private pending: string[] = [];
  private size: number | undefined;
  private handle: FileHandle | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** A write of the pending lines is queued behind the one running. */
  private queued = false;
  private scheduled = false;

  constructor(private readonly options: FixLogOptions) {
    this.file = path.join(options.dir, `${options.name}.log`);
    this.maxBytes = options.maxBytes ?? 10 * 1024 * 1024;
    this.keep = options.keep ?? 5;
  }

  write(direction: 'in' | 'out', message: string): void {
    this.pending.push(`${new Date().toISOString()} ${direction} ${maskPassword(message)}\n`);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Writes what is buffered; resolves once it is on disk (the tests and stop() wait on it). */
  flush(): Promise<void> {
    if (this.pending.length === 0 || this.queued) return this.writing;
    this.queued = true;
    // One write at a time, in order; a failing disk must not stop the feed, so errors end here.
    this.writing = this.writing
      .then(() => {
        this.queued = false;
        const text = this.pending.join('');
        this.pending = [];
        return this.append(text);
      })
      .catch(() => {});
    return this.writing;
  }

  /** Writes what is buffered and closes the file (it opens again on the next write). */
  async close(): Promise<void> {
    await this.flush();
    this.writing = this.writing.then(async () => {
      const handle = this.handle;
      this.handle = undefined;
      await handle?.close();
    });
    await this.writing.catch(() => {});
  }

  private async append(text: string): Promise<void> {
    if (this.handle === undefined) {
      await mkdir(this.options.dir, { recursive: true });
      this.handle = await open(this.file, 'a');
      this.size = (await this.handle.stat()).size;
    }
    const bytes = Buffer.byteLength(text);
    if ((this.size ?? 0) > 0 && (this.size ?? 0) + bytes > this.maxBytes) await this.rollOver();
    await (this.handle as FileHandle).appendFile(text);
    this.size = (this.size ?? 0) + bytes;
  }

  private async rollOver(): Promise<void> {
    const numbered = (n: number) => path.join(this.options.dir, `${this.options.name}.${n}.log`);
    await this.handle?.close();
    this.handle = undefined;
    await rm(numbered(this.keep), { force: true });
    for (let n = this.keep - 1; n >= 1; n--) await rename(numbered(n), numbered(n + 1)).catch(() => {});
    await rename(this.file, numbered(1));
    this.handle = await open(this.file, 'a');
    this.size = 0;
  }
}
