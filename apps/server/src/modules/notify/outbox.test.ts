import { asUserId } from '@meridian/domain/ids';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, readOutbox, readOutboxFile, registerByEmail } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { createTestDatabase } from '../../../test/database';
import { TEST_POSTGRES_URL } from '../../../test/nodes';
import { serviceContext } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';
import { SERVER_LIMITS } from '../../limits';
import { type OutgoingMessage, PermanentDeliveryError, type Transport } from './delivery';
import { queueCustomerNotice, queueMessage } from './outbox.service';
import { OutboxSender, retryDelayMs } from './outbox-sender';

type Row = {
  id: string;
  recipient: string;
  language: string;
  kind: string;
  status: string;
  attempts: number;
  next_attempt_at: Date | string;
  last_error: string | null;
  transport: string | null;
  sent_at: Date | string | null;
};

async function rowsTo(t: TestApp, recipient: string): Promise<Row[]> {
  const result = await t.database.db.execute(
    `select id, recipient, language, kind, status, attempts, next_attempt_at, last_error, transport, sent_at
     from outbox_messages where recipient = '${recipient.replaceAll("'", "''")}' order by sequence`,
  );
  return rowsOf<Row>(result);
}

/** A transport that fails the first `failures` tries (or throws `error` every time), and records each try. */
function fakeTransport(options: { failures?: number; error?: () => Error } = {}) {
  const tries: OutgoingMessage[] = [];
  const transport: Transport = {
    name: 'fake',
    async deliver(message) {
      tries.push(message);
      if (options.error) throw options.error();
      if (tries.length <= (options.failures ?? 0)) throw new Error(`provider down (try ${tries.length})`);
    },
  };
  return { transport, tries };
}

/** A code for a fresh address through the public API, and its outbox row. */
async function codeFor(t: TestApp, lang = 'en'): Promise<{ email: string; row: Row }> {
  const email = freshEmail('outbox');
  expect((await call(t, 'POST', '/api/notify/send_email', { email, type: 1 }, { lang })).code).toBe(1);
  const [row, ...more] = await rowsTo(t, email);
  expect(more).toEqual([]);
  if (!row) throw new Error('no outbox row');
  return { email, row };
}

describe('messages are written with their cause', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('queues a sign-up code in the language of the request, pending, with no delivery yet', async () => {
    const { row } = await codeFor(t, 'jp');
    expect(row).toMatchObject({
      language: 'jp',
      kind: 'code',
      status: 'pending',
      attempts: 0,
      sent_at: null,
    });
  });

  it("queues a reset code in the customer's stored language, and none for an unknown account", async () => {
    const email = freshEmail('stored');
    await call(t, 'POST', '/api/notify/send_email', { email, type: 1 }, { lang: 'de' });
    const code = (await readOutbox(t)).filter((line) => line.to === email).at(-1)?.code ?? '';
    const registered = await call(
      t,
      'POST',
      '/api/user/register',
      { type: 'email', account: email, password: 'Secret123', re_password: 'Secret123', sms_code: code },
      { lang: 'de' },
    );
    expect(registered.code).toBe(1);
    t.clock.advance(61_000);
    await call(t, 'POST', '/api/notify/send_email', { email, type: 2 }, { lang: 'fr' });
    expect((await rowsTo(t, email)).map((row) => row.language)).toEqual(['de', 'de']);

    const unknown = freshEmail('nobody');
    expect((await call(t, 'POST', '/api/notify/send_email', { email: unknown, type: 2 })).code).toBe(1);
    expect(await rowsTo(t, unknown)).toEqual([]);
  });

  it('leaves no row when the transaction of its cause rolls back', async () => {
    const user = await registerByEmail(t, freshEmail('rollback'));
    const email = user.user.email ?? '';
    const before = await rowsTo(t, email);
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueCustomerNotice(tx, {
          userId: asUserId(user.user.id),
          type: 'kyc.verified',
          key: 'notice.identity_verified',
          params: {},
          at: t.clock.now(),
        });
        await queueMessage(tx, {
          channel: 'email',
          to: email,
          language: 'en',
          kind: 'code',
          purpose: 2,
          code: '123456',
          at: t.clock.now(),
        });
        throw new Error('the cause failed');
      }),
    ).rejects.toThrow('the cause failed');
    expect(await rowsTo(t, email)).toEqual(before);
  });

  it("shows the undelivered count in the metrics' outbox gauges", async () => {
    const pendingGauge = async () => {
      const text = await t.app.metrics.registry.getSingleMetricAsString('meridian_outbox_pending_messages');
      return Number(/^meridian_outbox_pending_messages (\S+)$/m.exec(text)?.[1]);
    };
    const counted = async () => {
      const rows = rowsOf<{ n: number }>(
        await t.database.db.execute(
          `select count(*)::int as n from outbox_messages where status in ('pending', 'sending')`,
        ),
      );
      return Number(rows[0]?.n);
    };
    const before = await pendingGauge();
    expect(before).toBe(await counted());
    await codeFor(t);
    expect(await pendingGauge()).toBe(before + 1);
  });
});

describe('the sender', () => {
  it('retries with growing waits on a failing transport, then delivers once and marks the row sent', async () => {
    const fake = fakeTransport({ failures: 2 });
    const t = await createTestApp({ outbox: { transports: { email: fake.transport } } });
    try {
      const { email, row } = await codeFor(t);
      await t.app.outbox.deliverDue();
      let [after] = await rowsTo(t, email);
      expect(after).toMatchObject({
        status: 'pending',
        attempts: 1,
        last_error: 'Error: provider down (try 1)',
      });
      const firstWait = new Date(after?.next_attempt_at ?? 0).getTime() - t.clock.now().getTime();
      expect(firstWait).toBeGreaterThanOrEqual(SERVER_LIMITS.outboxBackoffBaseMs / 2);
      expect(firstWait).toBeLessThanOrEqual(SERVER_LIMITS.outboxBackoffBaseMs);

      // Not due yet: nothing is tried.
      await t.app.outbox.deliverDue();
      expect(fake.tries).toHaveLength(1);

      t.clock.advance(firstWait);
      await t.app.outbox.deliverDue();
      [after] = await rowsTo(t, email);
      expect(after).toMatchObject({ status: 'pending', attempts: 2 });
      const secondWait = new Date(after?.next_attempt_at ?? 0).getTime() - t.clock.now().getTime();
      expect(secondWait).toBeGreaterThanOrEqual(SERVER_LIMITS.outboxBackoffBaseMs);

      t.clock.advance(secondWait);
      await t.app.outbox.deliverDue();
      [after] = await rowsTo(t, email);
      expect(after).toMatchObject({ status: 'sent', attempts: 3, last_error: null, transport: 'fake' });
      expect(new Date(after?.sent_at ?? 0).toISOString()).toBe(t.clock.now().toISOString());
      expect(fake.tries.map((message) => [message.id, message.attempt])).toEqual([
        [row.id, 1],
        [row.id, 2],
        [row.id, 3],
      ]);
      // Sent rows are never tried again.
      t.clock.advance(SERVER_LIMITS.outboxBackoffCapMs);
      await t.app.outbox.deliverDue();
      expect(fake.tries).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  it('marks a row failed after OUTBOX_MAX_ATTEMPTS tries', async () => {
    const fake = fakeTransport({ failures: 100 });
    const t = await createTestApp({
      env: { OUTBOX_MAX_ATTEMPTS: '3' },
      outbox: { transports: { email: fake.transport } },
    });
    try {
      const { email } = await codeFor(t);
      for (let pass = 0; pass < 5; pass += 1) {
        await t.app.outbox.deliverDue();
        t.clock.advance(SERVER_LIMITS.outboxBackoffCapMs);
      }
      expect(await rowsTo(t, email)).toEqual([
        expect.objectContaining({
          status: 'failed',
          attempts: 3,
          last_error: 'Error: provider down (try 3)',
        }),
      ]);
      expect(fake.tries).toHaveLength(3);
    } finally {
      await t.close();
    }
  });

  it('marks a row failed at once on a permanent refusal, with the error kept bounded', async () => {
    const fake = fakeTransport({
      error: () => new PermanentDeliveryError(`550 no such mailbox ${'x'.repeat(5000)}`),
    });
    const t = await createTestApp({ outbox: { transports: { email: fake.transport } } });
    try {
      const { email } = await codeFor(t);
      await t.app.outbox.deliverDue();
      t.clock.advance(SERVER_LIMITS.outboxBackoffCapMs);
      await t.app.outbox.deliverDue();
      const [row] = await rowsTo(t, email);
      expect(row).toMatchObject({ status: 'failed', attempts: 1, transport: 'fake' });
      expect(row?.last_error).toMatch(/^PermanentDeliveryError: 550 no such mailbox x+$/);
      expect(row?.last_error).toHaveLength(SERVER_LIMITS.outboxErrorLengthMax);
      expect(fake.tries).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('writes the file by default: one line per message, with its id', async () => {
    const t = await createTestApp();
    try {
      const { email, row } = await codeFor(t, 'kr');
      await t.app.outbox.deliverDue();
      await t.app.outbox.deliverDue();
      const lines = (await readOutboxFile(t.dataDir)).filter((line) => line.to === email);
      expect(lines).toEqual([
        {
          id: row.id,
          channel: 'email',
          to: email,
          type: 1,
          code: expect.any(String),
          at: expect.any(String),
        },
      ]);
      expect(await rowsTo(t, email)).toEqual([
        expect.objectContaining({ status: 'sent', transport: 'file' }),
      ]);
    } finally {
      await t.close();
    }
  });

  it('delivers by itself on the leading node once the cause commits, and stops with the app', async () => {
    const fake = fakeTransport();
    const t = await createTestApp({ outbox: { autoStart: true, transports: { email: fake.transport } } });
    try {
      const { row } = await codeFor(t);
      const deadline = Date.now() + 10_000;
      while (fake.tries.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(fake.tries.map((message) => message.id)).toEqual([row.id]);
    } finally {
      await t.close();
    }
  });

  it('spreads retries: each wait is between half and all of its doubling step, capped', () => {
    const base = SERVER_LIMITS.outboxBackoffBaseMs;
    expect(retryDelayMs(1, () => 0)).toBe(base / 2);
    expect(retryDelayMs(1, () => 0.999_999)).toBeCloseTo(base, -1);
    expect(retryDelayMs(3, () => 0)).toBe(2 * base);
    expect(retryDelayMs(40, () => 0.999_999)).toBeLessThanOrEqual(SERVER_LIMITS.outboxBackoffCapMs);
    expect(retryDelayMs(40, () => 0)).toBe(SERVER_LIMITS.outboxBackoffCapMs / 2);
  });
});

describe('two senders on one PostgreSQL database', () => {
  it('never deliver one row twice (claims skip the rows the other holds)', async () => {
    const database = await createTestDatabase({ databaseUrl: TEST_POSTGRES_URL });
    const t = await createTestApp({ database });
    try {
      const count = 120;
      const now = t.clock.now();
      const delivered: string[] = [];
      const slow: Transport = {
        name: 'slow',
        async deliver(message) {
          await new Promise((resolve) => setTimeout(resolve, 2));
          delivered.push(message.id);
        },
      };
      const context = serviceContext(t);
      const senders = [0, 1].map(
        () =>
          new OutboxSender(context, t.app.log, {
            leads: () => true,
            transports: { email: slow, sms: slow },
            maxAttempts: 8,
            autoStart: false,
          }),
      );
      // Each takes the lead on an empty table first: a sender that takes the lead releases what a
      // previous leader left `sending` (at least once), which two leaders at once would turn into
      // repeats. One leader at a time is the rule; the race here is the claims' alone.
      for (const sender of senders) await sender.deliverDue();
      await database.db.transaction(async (tx) => {
        for (let index = 0; index < count; index += 1) {
          await queueMessage(tx, {
            channel: 'email',
            to: `race${index}@example.com`,
            language: 'en',
            kind: 'code',
            purpose: 1,
            code: '000000',
            at: now,
          });
        }
      });
      await Promise.all(senders.map((sender) => sender.deliverDue()));
      expect(delivered).toHaveLength(count);
      expect(new Set(delivered).size).toBe(count);
      const statuses = rowsOf<{ status: string; attempts: number; count: number }>(
        await database.db.execute(
          'select status, attempts, count(*)::int as count from outbox_messages group by status, attempts',
        ),
      );
      expect(statuses).toEqual([{ status: 'sent', attempts: 1, count }]);
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
