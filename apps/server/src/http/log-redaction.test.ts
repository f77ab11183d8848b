import { describe, expect, it } from 'vitest';
import { redactUrl, serializeRequest } from './log-redaction';

describe('request log redaction', () => {
  it('masks secret fields in the query and keeps the rest', () => {
    expect(redactUrl('/api/user/loginForU?account=a%40b.co&password=hunter22&t=1')).toBe(
      '/api/user/loginForU?account=a%40b.co&password=***&t=1',
    );
    expect(redactUrl('/api/user/register?sms_code=123456&re_password=x')).toBe(
      '/api/user/register?sms_code=***&re_password=***',
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
