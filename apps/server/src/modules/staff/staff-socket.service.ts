import type { StaffRole } from '@meridian/contract/staff';
import type { StaffPermission } from '@meridian/domain/staff-roles';
import { staffMay } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../../context';
import { SessionInvalid } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import { recordAudit } from './audit';
import { authenticateStaff } from './staff.service';
import * as repository from './staff-socket.repository';

/** A staff socket's login: who, with which session, in which role. */
type StaffSocketLogin = { staffId: number; sessionId: number; role: StaffRole };

/**
 * The staff member of a socket login's token, or null when it is not a live staff session (a
 * customer's token is unknown here, as on the back-office routes). Logging in counts as a use.
 */
export async function staffSocketLogin(
  context: ServerContext,
  token: string,
): Promise<StaffSocketLogin | null> {
  try {
    const staff = await authenticateStaff(context, token, null);
    return { staffId: staff.id, sessionId: staff.sessionId, role: staff.role };
  } catch (error) {
    if (error instanceof SessionInvalid) return null;
    throw error;
  }
}

/**
 * Which of these staff sessions are still live, with their staff member's current role. A check,
 * not a use: an open socket does not keep a session from its idle timeout.
 */
export async function liveStaffSessions(
  context: ServerContext,
  sessionIds: readonly number[],
): Promise<Map<number, StaffRole>> {
  const now = context.clock.now().getTime();
  const idleMsMax = SERVER_LIMITS.staffSessionIdleMinutes * 60_000;
  const live = new Map<number, StaffRole>();
  for (const { session, staff } of await repository.findStaffSessionsByIds(context.db, sessionIds)) {
    if (
      staff.active &&
      session.revokedAt === null &&
      session.expiresAt.getTime() > now &&
      now - session.lastSeenAt.getTime() < idleMsMax
    ) {
      live.set(session.id, staff.role as StaffRole);
    }
  }
  return live;
}

/**
 * Whether the login's role may listen on a staff topic that needs this permission. A subscription
 * is audited either way: a refused one as `staff.forbidden`, an allowed one as `<topic>.listen`
 * (the agents' feed carries customers' messages, and every read of those is in the audit log).
 */
export async function staffSocketSubscribe(
  context: ServerContext,
  login: StaffSocketLogin,
  address: string,
  topic: string,
  permission: StaffPermission,
): Promise<boolean> {
  const allowed = staffMay(login.role, permission);
  await recordAudit(
    context.db,
    { staffId: login.staffId, address },
    {
      action: allowed ? 'socket.subscribe' : 'staff.forbidden',
      target: null,
      details: { topic, ...(allowed ? {} : { permission }) },
      at: context.clock.now(),
    },
  );
  return allowed;
}
