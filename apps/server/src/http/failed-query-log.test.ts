import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, freshAddress, PASSWORD } from '../../test/accounts';
import { createTestApp, type TestApp } from '../../test/app';

// Finding 7: a failed query is logged with its SQL text and error code, never with its parameter
// values (nor the driver's detail, which repeats them), and request URLs never show a credential.
type LogLine = { msg?: string; err?: Record<string, unknown>; req?: { url?: string } };

const lines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
  });
});
afterAll(async () => {
  await t.close();
});

function failures(): LogLine[] {
  return lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.msg === 'request failed');
}

describe('logs of a failed query', () => {
  it('hold the SQL text and the error code, not the e-mail address or password sent', async () => {
    const email = `victim-${Date.now()}@example.com`;
    // A fault of this test's own schema: the column the login reads is gone for a moment.
    await t.database.execute('alter table users rename column email to email_moved');
    lines.length = 0;
    try {
      const login = { type: 'email', account: email, password: PASSWORD };
      expect((await call(t, 'POST', '/api/user/loginForU', login)).code).toBe(0);
    } finally {
      await t.database.execute('alter table users rename column email_moved to email');
    }
    const [failure] = failures();
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: expect.stringMatching(/^select .* from "users" where "users"\."email" = \$1$/),
      cause: { code: '42703' },
    });
    const text = lines.join('\n');
    expect(text).not.toContain(email);
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain('params');
  });

  it('hold neither the row a check refused (detail) nor the demo device id of the URL', async () => {
    const demoId = `secret-device-${Date.now()}`;
    const address = freshAddress();
    // Sessions refuse this browser name, so the login's insert fails with the whole row in detail.
    await t.database.execute(
      `alter table sessions add constraint sessions_test_fault check (user_agent <> 'secret-agent-ua')`,
    );
    lines.length = 0;
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/user/createAccountDemoForU?demo_id=${demoId}`,
      headers: { lang: 'en', 'x-forwarded-for': address, 'user-agent': 'secret-agent-ua' },
    });
    expect(response.json().code).toBe(0);
    const [failure] = failures();
    expect(failure?.err).toMatchObject({
      type: 'DrizzleQueryError',
      query: expect.stringMatching(/^insert into "sessions"/),
      cause: { code: '23514', constraint: 'sessions_test_fault' },
    });
    const text = lines.join('\n');
    expect(text).toContain('demo_id=***');
    for (const secret of [demoId, 'secret-agent-ua', 'Failing row']) expect(text).not.toContain(secret);
  });
});
