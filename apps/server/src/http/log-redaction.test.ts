import { asUserId } from '@meridian/domain/ids';
import { DrizzleQueryError } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signImageUrl } from '../modules/uploads/signed-urls';
import { redactUrl, serializeError, serializeRequest } from './log-redaction';

describe('request log redaction', () => {
  it('masks secret fields in the query and keeps the rest', () => {
    expect(redactUrl('/api/user/loginForU?account=a%40b.co&password=hunter22&t=1')).toBe(
      '/api/user/loginForU?account=a%40b.co&password=***&t=1',
    );
    expect(redactUrl('/api/user/register?sms_code=123456&re_password=x')).toBe(
      '/api/user/register?sms_code=***&re_password=***',
    );
  });

  it('masks the credentials that travel in URLs: demo device ids, image signatures, tokens', () => {
    expect(redactUrl('/api/user/createAccountDemoForU?demo_id=device-1234-abcd&t=9')).toBe(
      '/api/user/createAccountDemoForU?demo_id=***&t=9',
    );
    const signed = signImageUrl(
      Buffer.alloc(32, 7),
      { name: 'a'.repeat(32), ownerUserId: asUserId(3) },
      { kind: 'staff', staffId: 4 },
      new Date('2026-11-18T12:00:00Z'),
    ).url;
    const signature = new URL(signed, 'http://x').searchParams.get('sig') ?? '';
    expect(signature.length).toBeGreaterThan(20);
    const logged = redactUrl(signed);
    expect(logged).not.toContain(signature);
    expect(logged).toMatch(/^\/api\/common\/image\/a{32}\?exp=\d+&sig=\*\*\*&v=s4$/);
    expect(redactUrl('/api/user/info?token=abc&Authorization=Bearer%20xyz')).toBe(
      '/api/user/info?token=***&Authorization=***',
    );
  });

  it('leaves URLs without secrets untouched', () => {
    expect(redactUrl('/v1/api/forex/kline?forex_id=1&period=1M')).toBe(
      '/v1/api/forex/kline?forex_id=1&period=1M',
    );
    expect(redactUrl('/healthz')).toBe('/healthz');
  });

  it('never logs headers (the session token travels there)', () => {
    const logged = serializeRequest({
      id: 'r1',
      method: 'GET',
      url: '/api/user/info',
      ip: '127.0.0.1',
      headers: { authorization: 'secret' },
    });
    expect(JSON.stringify(logged)).not.toContain('secret');
  });
});

/** A driver error as PGlite and node-postgres make them: SQLSTATE, names, and values in detail. */
function driverError(): Error {
  return Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
    severity: 'ERROR',
    code: '23505',
    detail: 'Key (email)=(victim@example.com) already exists.',
    table: 'users',
    constraint: 'users_email_unique',
    query: 'insert into "users" ("email") values ($1)',
    params: ['victim@example.com'],
  });
}

describe('error log serializer', () => {
  it('logs a failed query with its SQL text and SQLSTATE, never its parameters or detail', () => {
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['victim@example.com', '$argon2id$secret-hash'],
      driverError(),
    );
    const logged = serializeError(error) as Record<string, unknown>;
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      message: 'Failed query: insert into "users" ("email", "password_hash") values ($1, $2)',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      cause: {
        type: 'Error',
        message: 'duplicate key value violates unique constraint "***"',
        code: '23505',
        table: 'users',
        constraint: 'users_email_unique',
      },
    });
    const text = JSON.stringify(logged);
    for (const secret of ['victim@example.com', 'secret-hash', 'params', 'detail']) {
      expect(text).not.toContain(secret);
    }
    expect(String(logged.stack)).toMatch(/^DrizzleQueryError: Failed query: insert .*\n\s+at /);
  });

  it('masks quoted values in a driver message', () => {
    const error = Object.assign(new Error('invalid input syntax for type integer: "hunter22"'), {
      code: '22P02',
      severity: 'ERROR',
    });
    expect(serializeError(error)).toMatchObject({
      message: 'invalid input syntax for type integer: "***"',
      code: '22P02',
    });
  });

  it('keeps other errors whole, their fields and causes included', () => {
    const error = Object.assign(new Error('engine stopped', { cause: new Error('lock lost') }), {
      statusCode: 503,
    });
    expect(serializeError(error)).toMatchObject({
      type: 'Error',
      message: 'engine stopped',
      statusCode: 503,
      cause: { type: 'Error', message: 'lock lost' },
    });
    expect(serializeError('not an error')).toBe('not an error');
  });
});
