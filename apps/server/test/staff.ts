import type { ProposalApproval } from '@meridian/contract/proposals-staff';
import type { StaffRole } from '@meridian/contract/staff';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { loadConfig } from '../src/config';
import type { ServerContext } from '../src/context';
import { findStaffByEmail } from '../src/modules/staff/staff.repository';
import { type AuthenticatedStaff, authenticateStaff, createStaff } from '../src/modules/staff/staff.service';
import { issueEnrolment } from '../src/modules/staff/staff-enrolment.service';
import { createRateLimits } from '../src/security/rate-limits';
import { freshAddress } from './accounts';
import { body, type TestApp } from './app';

export const STAFF_PASSWORD = 'Back-office 2026!';

let staffCounter = 0;

/** A TOTP code of a secret at a moment (what the staff member's authenticator app shows). */
export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

export const TOTP_STEP_MS = 30_000;

/** What a test keeps of an enrolled staff member's second factor. */
export type StaffFactors = { secret: string; recoveryCodes: string[] };

/** The helpers' own copy: whether the next step's TOTP code was spent, and the codes left. */
type KeptFactors = { secret: string; recoveryCodesLeft: string[]; totpSpent: boolean };

/** Second factors of the staff the helpers enrolled, by e-mail (to sign them in again). */
const factorsByEmail = new Map<string, KeptFactors>();

type Injector = { app: FastifyInstance; clock: { now(): Date } };

async function post<T>(t: Injector, url: string, payload: Record<string, string>) {
  const headers = { lang: 'en', 'x-forwarded-for': freshAddress() };
  return body<T>(await t.app.inject({ method: 'POST', url, headers, payload }));
}

/** Enrols a staff member through the API with its enrolment link: the secret and the recovery codes. */
export async function enrolStaff(t: Injector & { database: TestApp['database'] }, staffId: number) {
  const token = await issueEnrolment(t.database.db, staffId, t.clock.now(), null);
  const info = body<{ secret: string; email: string }>(
    await t.app.inject({
      method: 'GET',
      url: `/admin/api/enrolment?token=${token}`,
      headers: { lang: 'en', 'x-forwarded-for': freshAddress() },
    }),
  );
  if (info.code !== 1) throw new Error(`enrolment link refused: ${info.msg}`);
  const code = totpCode(info.data.secret, t.clock.now());
  const enrolled = await post<{ recovery_codes: string[] }>(t, '/admin/api/enrol', {
    token,
    password: STAFF_PASSWORD,
    code,
  });
  if (enrolled.code !== 1) throw new Error(`enrolment failed: ${enrolled.msg}`);
  const factors: StaffFactors = { secret: info.data.secret, recoveryCodes: enrolled.data.recovery_codes };
  factorsByEmail.set(info.data.email, {
    secret: factors.secret,
    recoveryCodesLeft: [...factors.recoveryCodes],
    totpSpent: false,
  });
  return factors;
}

/**
 * Signs an enrolled staff member in. The first sign-in after an enrolment uses the TOTP code of the
 * next step (the enrolment spent this one; the server accepts one step either side); later ones
 * spend a recovery code, and when those run out (the fuzz signs staff in again after every
 * logout) the staff member enrols again, so a test never waits for the clock.
 */
export async function signInStaff(
  t: Injector & { database: TestApp['database'] },
  email: string,
): Promise<string> {
  let factors = factorsByEmail.get(email);
  if (!factors) throw new Error(`${email} was not enrolled by the test helpers`);
  if (factors.totpSpent && factors.recoveryCodesLeft.length === 0) {
    const staff = await findStaffByEmail(t.database.db, email);
    if (!staff) throw new Error(`no staff ${email}`);
    await enrolStaff(t, staff.id);
    factors = factorsByEmail.get(email) ?? factors;
  }
  const secondFactor: Record<string, string> = factors.totpSpent
    ? { recovery_code: factors.recoveryCodesLeft.pop() ?? '' }
    : { code: totpCode(factors.secret, new Date(t.clock.now().getTime() + TOTP_STEP_MS)) };
  factors.totpSpent = true;
  const answer = await post<{ token: string }>(t, '/admin/api/login', {
    email,
    password: STAFF_PASSWORD,
    ...secondFactor,
  });
  if (answer.code !== 1) throw new Error(`staff login failed: ${answer.msg}`);
  return answer.data.token;
}

/** A staff account made the way the command-line tool makes it, enrolled and signed in through the API. */
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
  await enrolStaff(t, staff.id);
  return { id: staff.id, email, token: await signInStaff(t, email) };
}

/** A back-office call (JSON body for POST, query for GET), in English unless `lang` says otherwise. */
/** A staff member marks a support conversation read, as the console does on opening it. */
export function readConversation(t: TestApp, conversationId: number | undefined, token: string) {
  return adminCall(t, 'POST', '/admin/api/support/read', { conversation_id: conversationId }, token);
}

export async function adminCall<T = unknown>(
  t: TestApp,
  method: 'GET' | 'POST',
  url: string,
  fields: Record<string, unknown> = {},
  token?: string,
  lang = 'en',
) {
  const headers: Record<string, string> = { lang, 'x-forwarded-for': freshAddress() };
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

/**
 * A second admin of its own approves a proposed control change, which applies it:
 * for tests whose subject is the change, not the proposal.
 */
export async function approvedBySecondAdmin(t: TestApp, proposalId: number): Promise<ProposalApproval> {
  const second = await staffSession(t, 'admin', 'Second Admin');
  const answer = await adminCall<ProposalApproval>(
    t,
    'POST',
    '/admin/api/proposals/approve',
    { id: proposalId },
    second.token,
  );
  if (answer.code !== 1) throw new Error(`approval of proposal ${proposalId} refused: ${answer.msg}`);
  return answer.data;
}
