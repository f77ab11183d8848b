import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import type { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../../test/chaos/server-process';
import { mailSink } from '../../../test/mail-sink';
import { type OutgoingMessage, PermanentDeliveryError, type Transport } from './delivery';
import { createSmtpTransport } from './smtp-transport';
import { CODE_VALIDITY_MINUTES } from './templates/message-texts';

/** How the test's SMTP server answers RCPT TO (or, for `refuse-message`, the message). */
type Mode = 'accept' | 'try-later' | 'no-such-user' | 'relay-denied' | 'refuse-message';

const REPLIES: Record<Exclude<Mode, 'accept' | 'refuse-message'>, { code: number; text: string }> = {
  'try-later': { code: 451, text: '4.3.0 Mailbox temporarily unavailable' },
  'no-such-user': { code: 550, text: '5.1.1 No such user here' },
  'relay-denied': { code: 554, text: '5.7.1 Relay access denied' },
};

const FROM = 'Meridian <no-reply@meridian.test>';

let mode: Mode = 'accept';
const received: Array<{ rcptTo: string[]; mail: ParsedMail }> = [];
let server: SMTPServer;
let port: number;
let transport: Transport;

function code(id: string, language: OutgoingMessage['language'], to = 'ada@example.com'): OutgoingMessage {
  return {
    id,
    channel: 'email',
    to,
    language,
    kind: 'code',
    purpose: 1,
    code: '482913',
    at: '2026-11-24T10:00:00.000Z',
  };
}

beforeAll(async () => {
  server = mailSink((mail, rcptTo) => received.push({ rcptTo, mail }), {
    onRcptTo(_address, _session, callback) {
      if (mode === 'accept' || mode === 'refuse-message') return callback();
      const reply = REPLIES[mode];
      return callback(Object.assign(new Error(reply.text), { responseCode: reply.code }));
    },
    refuseMessage: () =>
      mode === 'refuse-message'
        ? Object.assign(new Error('5.6.0 Message content rejected'), { responseCode: 554 })
        : undefined,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
  transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: FROM });
});

afterAll(async () => {
  await transport.close?.();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  mode = 'accept';
  received.length = 0;
});

function only(): ParsedMail {
  expect(received).toHaveLength(1);
  return received[0]!.mail;
}

describe('the SMTP transport', () => {
  it('delivers a code in English with both parts and the outbox headers', async () => {
    expect(transport.name).toBe('smtp');
    await transport.deliver(code('101', 'en'));
    const mail = only();
    expect(received[0]?.rcptTo).toEqual(['ada@example.com']);
    expect(mail.subject).toBe('Your Meridian registration code');
    expect(mail.text).toContain('482913');
    expect(mail.text).toContain(`valid for ${CODE_VALIDITY_MINUTES} minutes`);
    expect(mail.text).toContain('If this was not you');
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.from?.value).toEqual([{ address: 'no-reply@meridian.test', name: 'Meridian' }]);
    const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
    expect(to?.value[0]?.address).toBe('ada@example.com');
    expect(mail.messageId).toBe('<outbox-101@meridian.test>');
    expect(mail.headers.get('content-language')).toBe('en');
    expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
    expect(mail.date?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
  });

  it("writes each message in the recipient's language: German, Arabic right to left, Traditional Chinese", async () => {
    await transport.deliver(code('102', 'de'));
    await transport.deliver(code('103', 'ar'));
    await transport.deliver(code('104', 'hk'));
    expect(received).toHaveLength(3);
    const [german, arabic, chinese] = received.map((item) => item.mail);
    expect(german?.subject).toBe('Ihr Meridian-Registrierungscode');
    expect(german?.text).toContain(`${CODE_VALIDITY_MINUTES} Minuten gültig`);
    expect(german?.headers.get('content-language')).toBe('de');
    expect(arabic?.subject).toBe('رمز التسجيل الخاص بك في Meridian');
    expect(arabic?.html).toContain('<html lang="ar" dir="rtl">');
    expect(arabic?.text).toContain('482913');
    expect(arabic?.headers.get('content-language')).toBe('ar');
    expect(chinese?.subject).toBe('您的 Meridian 註冊驗證碼');
    expect(chinese?.text).toContain('482913');
    expect(chinese?.headers.get('content-language')).toBe('zh-Hant-HK');
    expect(received.map((item) => item.mail.messageId)).toEqual([
      '<outbox-102@meridian.test>',
      '<outbox-103@meridian.test>',
      '<outbox-104@meridian.test>',
    ]);
  });

  it('delivers a notice with its subject and an escaped reason', async () => {
    await transport.deliver({
      id: '105',
      channel: 'email',
      to: 'ada@example.com',
      language: 'en',
      kind: 'notice',
      type: 'kyc.rejected',
      key: 'notice.identity_rejected',
      params: { reason: 'Name <differs> & photo blurred.' },
      at: '2026-11-24T10:00:00.000Z',
    });
    const mail = only();
    expect(mail.subject).toBe('Your Meridian identity verification was rejected');
    expect(mail.text).toContain('rejected: Name <differs> & photo blurred.');
    expect(mail.html).toContain('Name &lt;differs&gt; &amp; photo blurred.');
  });

  it('fails with an error to retry while the server answers "try later", and delivers once it accepts', async () => {
    mode = 'try-later';
    const refused = await transport.deliver(code('106', 'en')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(PermanentDeliveryError);
    expect(String(refused)).toContain('451');
    expect(received).toHaveLength(0);
    mode = 'accept';
    await transport.deliver(code('106', 'en'));
    expect(only().messageId).toBe('<outbox-106@meridian.test>');
  });

  it('fails for good when the server refuses the recipient with a 5xx reply', async () => {
    mode = 'no-such-user';
    const refused = transport.deliver(code('107', 'en', 'nobody@example.com'));
    await expect(refused).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(refused).rejects.toThrow(/550/);
    expect(received).toHaveLength(0);
  });

  it('keeps a relay refusal (the sender is not allowed to send, a setup to fix) retryable', async () => {
    mode = 'relay-denied';
    const refused = await transport.deliver(code('108', 'en')).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(Error);
    expect(refused).not.toBeInstanceOf(PermanentDeliveryError);
  });

  it('fails with an error to retry when no server listens', async () => {
    const down = createSmtpTransport({ url: `smtp://127.0.0.1:${await freePort()}`, from: FROM });
    try {
      const refused = await down.deliver(code('109', 'en')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(Error);
      expect(refused).not.toBeInstanceOf(PermanentDeliveryError);
    } finally {
      await down.close?.();
    }
  });

  it('delivers, once a server listens, a message the same transport could not deliver while none did', async () => {
    const laterPort = await freePort();
    const later = createSmtpTransport({ url: `smtp://127.0.0.1:${laterPort}`, from: FROM });
    const arrived: string[] = [];
    const lateServer = mailSink((mail) => arrived.push(mail.messageId ?? ''));
    try {
      await expect(later.deliver(code('110', 'en'))).rejects.not.toBeInstanceOf(PermanentDeliveryError);
      await new Promise<void>((resolve) => lateServer.listen(laterPort, '127.0.0.1', resolve));
      await later.deliver(code('110', 'en'));
      expect(arrived).toEqual(['<outbox-110@meridian.test>']);
    } finally {
      await later.close?.();
      await new Promise<void>((resolve) => lateServer.close(() => resolve()));
    }
  });

  it('fails for good when the server refuses the message itself with a 5xx reply', async () => {
    mode = 'refuse-message';
    await expect(transport.deliver(code('111', 'en'))).rejects.toBeInstanceOf(PermanentDeliveryError);
    expect(received).toHaveLength(0);
  });

  it('refuses a MAIL_FROM without an address at start', () => {
    expect(() => createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: 'Meridian' })).toThrow(
      /MAIL_FROM/,
    );
  });
});
