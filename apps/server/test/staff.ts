import type { StaffRole } from '@meridian/contract/staff';
import { loadConfig } from '../src/config';
import type { ServerContext } from '../src/context';
import { type AuthenticatedStaff, authenticateStaff, createStaff } from '../src/modules/staff/staff.service';
import { createRateLimits } from '../src/security/rate-limits';
import { freshAddress } from './accounts';
import { body, type TestApp } from './app';

export const STAFF_PASSWORD = 'Back-office 2026!';

let staffCounter = 0;

/** A staff account made the way the command-line tool makes it, signed in through the API. */
export async function staffSession(
  t: TestApp,
  role: StaffRole,
  name = 'Customer Service',
): Promise<{ id: number; email: string; token: string }> {
  staffCounter += 1;
  const email = `${role}${staffCounter}-${Math.random().toString(36).slice(2, 7)}@meridian.test`;
  const staff = await createStaff(
    t.database.db,
    { email, name, role, password: STAFF_PASSWORD, at: t.clock.now() },
    null,
  );
  const answer = await adminCall<{ token: string }>(t, 'POST', '/admin/api/login', {
    email,
    password: STAFF_PASSWORD,
  });
  if (answer.code !== 1) throw new Error(`staff login failed: ${answer.msg}`);
  return { id: staff.id, email, token: answer.data.token };
}

/** A back-office call (JSON body for POST, query for GET). */
export async function adminCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  fields: Record<string, unknown> = {},
  token?: string,
) {
  const headers: Record<string, string> = { lang: 'en', 'x-forwarded-for': freshAddress() };
  if (token !== undefined) headers.authorization = token;
  if (method === 'GET') {
    const query = new URLSearchParams(
      Object.entries(fields).map(([key, value]): [string, string] => [key, String(value)]),
    );
    return body<T>(await t.app.inject({ method, url: `${url}?${query}`, headers }));
  }
  return body<T>(await t.app.inject({ method, url, headers, payload: fields as Record<string, string> }));
}

/**
 * The services' context for tests that call a service directly (the back office's calls that have
 * no route yet): the test app's database, clock and hub, with limits of its own.
 */
export function serviceContext(t: TestApp): ServerContext {
  return {
    config: loadConfig({ DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }),
    database: t.database,
    db: t.database.db,
    clock: t.clock,
    limits: createRateLimits(),
    messages: { send: async () => {} } as unknown as ServerContext['messages'],
    realtime: t.app.realtime,
    market: t.app.market,
    events: t.app.events,
  };
}

/** A signed-in staff member as a service sees one. */
export async function staffActor(t: TestApp, role: StaffRole, name?: string): Promise<AuthenticatedStaff> {
  const session = await staffSession(t, role, name);
  return authenticateStaff(serviceContext(t), session.token, '127.0.0.1');
}
