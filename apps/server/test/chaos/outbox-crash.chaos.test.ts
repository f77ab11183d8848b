import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/migrate';
import { openDatabase } from '../../src/db/open';
import { OUTBOX_FILE_NAME } from '../../src/modules/notify/file-transport';
import { freshAddress, freshEmail, readOutboxFile } from '../accounts';
import type { TestDatabase } from '../database';
import { mailSink } from '../mail-sink';
import { TEST_POSTGRES_URL } from '../nodes';
import {
  errorLines,
  freePort,
  openFreshSchema,
  type ServerProcess,
  startServer,
  urlWithSchema,
} from './server-process';

/*
 * Outbox crash test: the real server (a child process on PostgreSQL) queues verification
 * codes and is killed with SIGKILL, then started again on the same database:
 *   1. while its transport cannot deliver (the outbox file's path is a folder; the SMTP server is
 *      not listening), so every row is committed and none delivered at the kill: after the restart,
 *      with the transport back, every row is delivered exactly once;
 *   2. at a random moment of a burst of requests: after the restart every row is delivered, each
 *      once in the file (the file transport looks for a retry's id first); over SMTP at least once,
 *      each repeat carrying the same Message-ID, so the receiver keeps each message once.
 * The file case runs on the run's engine: the embedded database in DATA_DIR (read by the test
 * only while the server is stopped) or PostgreSQL; the SMTP case always on the machine's PostgreSQL.
 */

const EMBEDDED = !process.env.DATABASE_URL;
const DATABASE_URL = process.env.DATABASE_URL || TEST_POSTGRES_URL;
const TEST_TIMEOUT_MS = 420_000;
const DELIVERY_WAIT_MS = 60_000;
const BURST = 30;

type Row = { id: string; recipient: string; status: string };

let database: TestDatabase | undefined;
let server: ServerProcess | undefined;
let dataDir: string | undefined;
let smtp: SMTPServer | undefined;

afterEach(async () => {
  await server?.stop('SIGKILL');
  server = undefined;
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = undefined;
  await database?.drop();
  database = undefined;
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function prepare(engine: 'run' | 'postgres'): Promise<{ databaseUrl: string; port: number }> {
  dataDir = await mkdtemp(path.join(tmpdir(), 'meridian-outbox-crash-'));
  if (engine === 'run' && EMBEDDED) return { databaseUrl: '', port: await freePort() };
  database = await openFreshSchema(DATABASE_URL);
  return { databaseUrl: urlWithSchema(DATABASE_URL, database.schema), port: await freePort() };
}

const ROWS_QUERY = 'select id, recipient, status from outbox_messages order by sequence';

/** The outbox table: on PostgreSQL at any time; the embedded one only while no server holds it. */
async function rows(): Promise<Row[]> {
  if (database) return rowsOf<Row>(await database.db.execute(ROWS_QUERY));
  if (!dataDir) throw new Error('no database');
  const embedded = await openDatabase({ dataDir: path.join(dataDir, 'db') });
  try {
    return rowsOf<Row>(await embedded.db.execute(ROWS_QUERY));
  } finally {
    await embedded.close();
  }
}

/**
 * Waits until the file holds a line for each of `emails` and has stopped growing (the sender has
 * delivered what was due), then stops the server cleanly: the embedded database can then be read.
 */
async function fileSettledThenStop(running: ServerProcess, folder: string, emails: readonly string[]) {
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  let previous = -1;
  for (;;) {
    const lines = await readOutboxFile(folder);
    const to = new Set(lines.map((line) => line.to));
    if (emails.every((email) => to.has(email)) && lines.length === previous) break;
    if (Date.now() > deadline) throw new Error(`the file did not get every message: ${lines.length} lines`);
    previous = lines.length;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  expect(await running.stop('SIGTERM')).toBe(0);
}

/** Asks for a registration code for a fresh address; answers the address when the server said yes. */
async function requestCode(url: string): Promise<string | undefined> {
  const email = freshEmail('crash');
  try {
    const response = await fetch(`${url}/api/notify/send_email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', lang: 'en', 'x-forwarded-for': freshAddress() },
      body: JSON.stringify({ email, type: 1 }),
      signal: AbortSignal.timeout(5000),
    });
    const answer = (await response.json()) as { code: number };
    return answer.code === 1 ? email : undefined;
  } catch {
    // Cut by the kill.
    return undefined;
  }
}

/** Waits until every row of the table is sent (the restarted server's sender at work). */
async function everyRowSent(): Promise<Row[]> {
  const deadline = Date.now() + DELIVERY_WAIT_MS;
  for (;;) {
    const all = await rows();
    if (all.length > 0 && all.every((row) => row.status === 'sent')) return all;
    if (Date.now() > deadline) {
      throw new Error(`not delivered in time: ${JSON.stringify(all.filter((row) => row.status !== 'sent'))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function countsOf(ids: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const id of ids) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/** A burst of code requests with a SIGKILL at a random moment in it; answers the addresses acknowledged. */
async function burstThenKill(running: ServerProcess): Promise<string[]> {
  const requests = Array.from({ length: BURST }, () => requestCode(running.url));
  await new Promise((resolve) => setTimeout(resolve, 20 + Math.floor(Math.random() * 150)));
  await running.stop('SIGKILL');
  return (await Promise.all(requests)).filter((email): email is string => email !== undefined);
}

describe('outbox crash test: SIGKILL between commit and delivery, restart on the same database', () => {
  it(
    'delivers every committed row to the outbox file exactly once',
    async () => {
      const { databaseUrl, port } = await prepare('run');
      const folder = dataDir ?? '';
      const settings = { port, dataDir: folder, databaseUrl };
      const file = path.join(folder, OUTBOX_FILE_NAME);

      // 1. The file cannot be written (its path is a folder): rows are committed, none delivered.
      await mkdir(file, { recursive: true });
      server = await startServer(settings);
      const stuck = await Promise.all(Array.from({ length: 8 }, () => requestCode(server?.url ?? '')));
      expect(stuck.every((email) => email !== undefined)).toBe(true);
      await server.stop('SIGKILL');
      const committed = await rows();
      expect(committed.map((row) => row.recipient).sort()).toEqual([...stuck].sort());
      expect(committed.filter((row) => row.status === 'sent')).toEqual([]);
      await rm(file, { recursive: true });

      server = await startServer(settings);
      let lines: Record<string, unknown>[];
      if (EMBEDDED) await fileSettledThenStop(server, folder, stuck as string[]);
      else await everyRowSent();
      lines = await readOutboxFile(folder);
      expect(lines.map((line) => line.to).sort()).toEqual([...stuck].sort());
      expect([...countsOf(lines.map((line) => String(line.id))).values()].every((count) => count === 1)).toBe(
        true,
      );

      // 2. Killed at a random moment of a burst: rows at every stage (pending, sending, sent).
      if (EMBEDDED) server = await startServer(settings);
      const acknowledged = await burstThenKill(server);
      server = await startServer(settings);
      const output = server.output;
      let delivered: Row[];
      if (EMBEDDED) {
        await fileSettledThenStop(server, folder, acknowledged);
        delivered = await rows();
        expect(delivered.filter((row) => row.status !== 'sent')).toEqual([]);
      } else {
        delivered = await everyRowSent();
      }
      lines = await readOutboxFile(folder);
      const counts = countsOf(lines.map((line) => String(line.id)));
      expect([...counts.keys()].sort()).toEqual(delivered.map((row) => row.id).sort());
      expect([...counts.entries()].filter(([, count]) => count !== 1)).toEqual([]);
      const recipients = new Set(delivered.map((row) => row.recipient));
      expect(acknowledged.filter((email) => !recipients.has(email))).toEqual([]);
      expect(errorLines(output)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'delivers every committed row over SMTP once the server is back, each Message-ID kept once',
    async () => {
      const { databaseUrl, port } = await prepare('postgres');
      const smtpPort = await freePort();
      const received: { messageId: string; to: string; code: string }[] = [];
      const settings = {
        port,
        dataDir: dataDir ?? '',
        databaseUrl,
        env: { SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_FROM: 'Meridian <no-reply@meridian.test>' },
      };

      // 1. The SMTP server is down: rows are committed and retried, none delivered.
      server = await startServer(settings);
      const stuck = await Promise.all(Array.from({ length: 6 }, () => requestCode(server?.url ?? '')));
      expect(stuck.every((email) => email !== undefined)).toBe(true);
      await server.stop('SIGKILL');
      expect((await rows()).filter((row) => row.status === 'sent')).toEqual([]);

      smtp = mailSink((mail) => {
        const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
        received.push({
          messageId: mail.messageId ?? '',
          to: to?.value[0]?.address ?? '',
          code: /\b\d{6}\b/.exec(mail.text ?? '')?.[0] ?? '',
        });
      });
      // A server killed in the middle of a conversation resets its connection: that is this test's
      // point, not an error of the SMTP server (whose 'error' event would otherwise be uncaught).
      smtp.on('error', () => {});
      await new Promise<void>((resolve) => smtp?.listen(smtpPort, '127.0.0.1', resolve));
      expect((smtp.server.address() as AddressInfo).port).toBe(smtpPort);

      server = await startServer(settings);
      let delivered = await everyRowSent();
      expect(received.map((mail) => mail.to).sort()).toEqual([...stuck].sort());
      expect(new Set(received.map((mail) => mail.messageId)).size).toBe(received.length);
      expect(received.every((mail) => /^<outbox-[0-9a-f-]{36}@meridian\.test>$/.test(mail.messageId))).toBe(
        true,
      );
      expect(received.every((mail) => mail.code !== '')).toBe(true);

      // 2. Killed at a random moment of a burst: at least once, a repeat under the same Message-ID.
      const acknowledged = await burstThenKill(server);
      server = await startServer(settings);
      delivered = await everyRowSent();
      const messageIds = new Set(received.map((mail) => mail.messageId));
      expect([...messageIds].sort()).toEqual(
        delivered.map((row) => `<outbox-${row.id}@meridian.test>`).sort(),
      );
      const recipients = new Set(received.map((mail) => mail.to));
      expect(acknowledged.filter((email) => !recipients.has(email))).toEqual([]);
      expect(errorLines(server.output)).toEqual([]);
    },
    TEST_TIMEOUT_MS,
  );
});
