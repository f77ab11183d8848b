import { withoutControlCharacters } from '@meridian/contract/fields';
import type { StaffRoleName } from '@meridian/domain/staff-roles';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { recordAudit } from './audit';
import { type AuthenticatedStaff, actorOf, authenticateStaff } from './staff.service';

/** One back-office route as declared: open (the sign-in and enrolment) or the roles that may use it. */
export type StaffRouteEntry = {
  method: string;
  url: string;
  staffPublic: boolean;
  staffRoles: readonly StaffRoleName[];
};

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in staff member on back-office routes; null elsewhere and before the guard. */
    staff: AuthenticatedStaff | null;
  }
  interface FastifyContextConfig {
    /** A back-office route open without a staff session (only the login). */
    staffPublic?: boolean;
    /** The roles that may use a back-office route; every guarded route declares them. */
    staffRoles?: readonly StaffRoleName[];
  }
}

function headerOf(request: FastifyRequest): string | undefined {
  const value = request.headers.authorization;
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The back office's own auth hook, installed in its plugin context only (a sibling of the
 * customer routes): every route there needs a staff session unless it says `staffPublic`.
 */
export async function installStaffGuard(
  app: FastifyInstance,
  context: ServerContext,
  routeTable: StaffRouteEntry[],
): Promise<void> {
  app.decorateRequest('staff', null);
  // A back-office route that says neither who may use it nor that it is open is a programmer error:
  // the server refuses to start.
  app.addHook('onRoute', (route) => {
    const config = route.config ?? {};
    const staffPublic = config.staffPublic === true;
    if (!staffPublic && !config.staffRoles) {
      throw new Error(`back-office route ${String(route.method)} ${route.url} declares no staffRoles`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      routeTable.push({ method, url: route.url, staffPublic, staffRoles: config.staffRoles ?? [] });
    }
  });
  // onRequest, before the body is read or validated: a request without a staff session learns
  // nothing about the route's fields.
  app.addHook('onRequest', async (request) => {
    if (request.is404 || request.routeOptions.config.staffPublic) return;
    // The address goes into the audit log; X-Forwarded-For may carry control characters.
    const staff = await authenticateStaff(context, headerOf(request), withoutControlCharacters(request.ip));
    const roles = request.routeOptions.config.staffRoles ?? [];
    if (!roles.includes(staff.role)) {
      await recordAudit(context.db, actorOf(staff), {
        action: 'staff.forbidden',
        target: null,
        details: { route: `${request.method} ${request.routeOptions.url}` },
        at: context.clock.now(),
      });
      throw new Rejection('error.staff_forbidden');
    }
    request.staff = staff;
  });
}

export { staffOf } from '../../http/back-office-group';
