import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SERVER_LIMITS } from './limits';

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy when unset or empty', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '' }).trustedProxies).toEqual([]);
  });

  it('reads addresses, CIDR ranges and the named ranges, separated by commas', () => {
    expect(
      loadConfig({ TRUSTED_PROXIES: '10.0.0.1, 192.168.0.0/16 ,::1,fd00::/8, loopback,' }).trustedProxies,
    ).toEqual(['10.0.0.1', '192.168.0.0/16', '::1', 'fd00::/8', 'loopback']);
  });

  it('stops the start on a value that is not an address or a range, naming the variable', () => {
    for (const value of [
      '10.0.0.300',
      '10.0.0.0/33',
      '::1/129',
      'proxy.example.com',
      '10.0.0.1/8/2',
      '10.0.0.0/x',
    ]) {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(
        /TRUSTED_PROXIES: .*not an IP|TRUSTED_PROXIES: .*prefix/,
      );
    }
  });
});

describe('CORS_ORIGINS', () => {
  it('allows no other origin when unset or empty', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
    expect(loadConfig({ CORS_ORIGINS: ' , ' }).corsOrigins).toEqual([]);
  });

  it('reads exact origins separated by commas, once each', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://m.example.com, http://localhost:5173,https://m.example.com' })
        .corsOrigins,
    ).toEqual(['https://m.example.com', 'http://localhost:5173']);
  });

  it('stops the start on anything but an exact http(s) origin, naming the variable', () => {
    for (const value of [
      '*',
      'https://*.example.com',
      'm.example.com',
      'https://m.example.com/',
      'https://m.example.com/app',
      'https://M.example.com',
      'ftp://m.example.com',
      'https://m.example.com:443',
    ]) {
      expect(() => loadConfig({ CORS_ORIGINS: value })).toThrow(/CORS_ORIGINS: /);
    }
    const many = Array.from({ length: 51 }, (_, n) => `https://app${n}.example.com`).join(',');
    expect(() => loadConfig({ CORS_ORIGINS: many })).toThrow(/CORS_ORIGINS: at most 50/);
  });
});

describe('SOCKETS_PER_ADDRESS_MAX', () => {
  it(`defaults to ${SERVER_LIMITS.socketsPerAddressMax} and takes a positive whole number`, () => {
    expect(loadConfig({}).socketsPerAddressMax).toBe(SERVER_LIMITS.socketsPerAddressMax);
    expect(loadConfig({ SOCKETS_PER_ADDRESS_MAX: '5' }).socketsPerAddressMax).toBe(5);
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const value of ['0', '-1', '2.5', 'many', '1000001']) {
      expect(() => loadConfig({ SOCKETS_PER_ADDRESS_MAX: value })).toThrow(/SOCKETS_PER_ADDRESS_MAX/);
    }
  });
});

describe('delivery (SMTP_URL, MAIL_FROM, SMS_WEBHOOK_URL, SMS_WEBHOOK_SECRET, OUTBOX_MAX_ATTEMPTS)', () => {
  it('leaves both providers unset by default or when empty (the outbox file), with 8 tries', () => {
    const config = loadConfig({ SMTP_URL: '', MAIL_FROM: '', SMS_WEBHOOK_URL: '', SMS_WEBHOOK_SECRET: '' });
    expect(config.smtp).toBeUndefined();
    expect(config.smsWebhook).toBeUndefined();
    expect(loadConfig({}).outboxMaxAttempts).toBe(8);
  });

  it('reads an SMTP server with its sender, and the SMS webhook with its secret', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:secret@smtp.example.com:465',
      MAIL_FROM: 'Meridian <no-reply@meridian.example>',
      SMS_WEBHOOK_URL: 'https://sms.example.com/send',
      SMS_WEBHOOK_SECRET: 'a-shared-secret-of-32-characters',
      OUTBOX_MAX_ATTEMPTS: '3',
    });
    expect(config.smtp).toEqual({
      url: 'smtps://mailer:secret@smtp.example.com:465',
      from: 'Meridian <no-reply@meridian.example>',
    });
    expect(config.smsWebhook).toEqual({
      url: 'https://sms.example.com/send',
      secret: 'a-shared-secret-of-32-characters',
    });
    expect(config.outboxMaxAttempts).toBe(3);
  });

  it('stops the start on SMTP_URL without MAIL_FROM, or a webhook without its secret, naming the variable', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost:25' })).toThrow(/MAIL_FROM: MAIL_FROM is required/);
    expect(() => loadConfig({ SMS_WEBHOOK_URL: 'https://sms.example.com/send' })).toThrow(
      /SMS_WEBHOOK_SECRET: SMS_WEBHOOK_SECRET is required/,
    );
  });

  it('stops the start on a malformed value, naming the variable', () => {
    const sender = { MAIL_FROM: 'no-reply@meridian.example' };
    expect(() => loadConfig({ ...sender, SMTP_URL: 'http://smtp.example.com' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ...sender, SMTP_URL: 'smtp://' })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'nobody' })).toThrow(/MAIL_FROM/);
    expect(() =>
      loadConfig({ SMTP_URL: 'smtp://localhost', MAIL_FROM: 'a@b.example\r\nBcc: x@y.example' }),
    ).toThrow(/MAIL_FROM/);
    const secret = { SMS_WEBHOOK_SECRET: 'a-shared-secret-of-32-characters' };
    expect(() => loadConfig({ ...secret, SMS_WEBHOOK_URL: 'ftp://sms.example.com' })).toThrow(
      /SMS_WEBHOOK_URL/,
    );
    expect(() =>
      loadConfig({ SMS_WEBHOOK_URL: 'https://sms.example.com', SMS_WEBHOOK_SECRET: 'short' }),
    ).toThrow(/SMS_WEBHOOK_SECRET/);
    for (const value of ['0', '101', '2.5', 'many']) {
      expect(() => loadConfig({ OUTBOX_MAX_ATTEMPTS: value })).toThrow(/OUTBOX_MAX_ATTEMPTS/);
    }
  });
});
