import type { StaffRole } from '@meridian/contract/staff';
import { Secret, TOTP } from 'otpauth';
import { createStaff } from '../../apps/server/src/modules/staff/staff.service';
import { issueEnrolment } from '../../apps/server/src/modules/staff/staff-enrolment.service';
import { apiCall } from './personal-center';
import type { RunningServer } from './server';

export const STAFF_PASSWORD = 'Back-office 2026!';
const TOTP_STEP_MS = 30_000;

/** The code an authenticator app shows for a secret at a moment. */
export function totpCode(secret: string, at: Date): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at.getTime() });
}

/**
 * A staff member made as the command-line tool makes one (with its enrolment link), enrolled
 * through the API with a TOTP code and signed in with the next step's code: its session token.
 */
export async function enrolledStaffToken(
  server: RunningServer,
  input: { email: string; role: StaffRole; name: string },
): Promise<string> {
  const staff = await createStaff(
    server.database.db,
    { ...input, password: STAFF_PASSWORD, at: new Date() },
    null,
  );
  const token = await issueEnrolment(server.database.db, staff.id, new Date(), null);
  const info = await apiCall<{ secret: string }>(server, 'GET', '/admin/api/enrolment', { token });
  if (info.code !== 1) throw new Error(`enrolment link: ${info.msg}`);
  const enrolled = await apiCall(server, 'POST', '/admin/api/enrol', {
    token,
    password: STAFF_PASSWORD,
    code: totpCode(info.data.secret, new Date()),
  });
  if (enrolled.code !== 1) throw new Error(`enrolment: ${enrolled.msg}`);
  const answer = await apiCall<{ token: string }>(server, 'POST', '/admin/api/login', {
    email: input.email,
    password: STAFF_PASSWORD,
    code: totpCode(info.data.secret, new Date(Date.now() + TOTP_STEP_MS)),
  });
  if (answer.code !== 1) throw new Error(`staff login: ${answer.msg}`);
  return answer.data.token;
}
