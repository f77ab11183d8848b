import { STAFF_ROLES, type StaffRole } from '@meridian/contract/staff';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/app-hooks';
import { adminCall, staffSession } from '../../../test/staff';
import { rowsOf } from '../../db/migrate';

/**
 * The role matrix, generated from the back office's route table: every guarded /admin/api route,
 * called as every role and without a session. A role the route does not declare is refused by the
 * staff guard before the handler (code 0, localized, nothing written but the audit entry of the
 * refusal); no session answers 999; a declared role gets past the guard.
 */
const t = useTestApp();
const tokens = new Map<StaffRole, string>();
const FORBIDDEN = { code: 0, msg: 'Your role does not allow this.', data: null };

beforeAll(async () => {
  for (const role of STAFF_ROLES) tokens.set(role, (await staffSession(t, role)).token);
});

/** Every table's rows, except the audit log (a refusal is audited) and sessions (each use is noted). */
async function fingerprint(): Promise<string> {
  const tables = rowsOf<{ name: string }>(
    await t.database.db.execute(
      "select tablename as name from pg_tables where schemaname = current_schema() and tablename not in ('audit_log', 'staff_sessions') order by tablename",
    ),
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const result = await t.database.db.execute(
      `select count(*)::int as count, coalesce(md5(string_agg(row_text, ',' order by row_text)), '') as digest from (select t::text as row_text from "${name}" t) rows`,
    );
    const row = rowsOf<{ count: number; digest: string }>(result)[0];
    parts.push(`${name}:${row?.count}:${row?.digest}`);
  }
  return parts.join('\n');
}

async function auditCount(action: string): Promise<number> {
  const result = await t.database.db.execute(
    `select count(*)::int as count from audit_log where action = '${action}'`,
  );
  return Number(rowsOf<{ count: number }>(result)[0]?.count ?? 0);
}

function guardedRoutes() {
  // Signing out ends the session the next calls use: it goes last.
  return t.app.staffRouteTable
    .filter((route) => !route.staffPublic)
    .sort((a, b) => Number(a.url.endsWith('/logout')) - Number(b.url.endsWith('/logout')));
}

describe('back-office role matrix', () => {
  it('declares roles on every guarded route, and only the sign-in and enrolment are open', () => {
    const table = t.app.staffRouteTable;
    expect(table.length).toBeGreaterThan(15);
    expect(
      table
        .filter((route) => route.staffPublic)
        .map((route) => `${route.method} ${route.url}`)
        .sort(),
    ).toEqual(['GET /admin/api/enrolment', 'POST /admin/api/enrol', 'POST /admin/api/login']);
    for (const route of guardedRoutes()) {
      expect(route.staffRoles.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
      expect(route.staffRoles, `${route.method} ${route.url}`).toContain('admin');
    }
  });

  it('answers 999 to every guarded route without a session', async () => {
    for (const route of guardedRoutes()) {
      const answer = await adminCall(t, route.method as 'GET' | 'POST', route.url, {});
      expect(answer.code, `${route.method} ${route.url}`).toBe(999);
    }
  });

  it('lets only the declared roles past the guard; the others are refused with nothing written', async () => {
    const routes = guardedRoutes();
    for (const role of STAFF_ROLES) {
      for (const route of routes) {
        const label = `${role} ${route.method} ${route.url}`;
        if (route.staffRoles.includes(role)) {
          const answer = await adminCall(t, route.method as 'GET' | 'POST', route.url, {}, tokens.get(role));
          expect(answer.code, label).not.toBe(999);
          expect(answer.msg, label).not.toBe(FORBIDDEN.msg);
        } else {
          // Only a refusal must leave every table as it was: fingerprint only around those.
          const before = await fingerprint();
          const refusals = await auditCount('staff.forbidden');
          const answer = await adminCall(t, route.method as 'GET' | 'POST', route.url, {}, tokens.get(role));
          expect(answer, label).toEqual(FORBIDDEN);
          expect(await fingerprint(), label).toBe(before);
          expect(await auditCount('staff.forbidden'), label).toBe(refusals + 1);
        }
      }
    }
    // Every route as every role, each refusal between two reads of every table: it grows with the
    // route table.
  }, 180_000);

  it('matches the roles of the issue: finance funds, compliance identity, support chat, content none yet', () => {
    const rolesOf = (url: string) => t.app.staffRouteTable.find((route) => route.url === url)?.staffRoles;
    expect(rolesOf('/admin/api/funds/deposits/approve')).toEqual(['admin', 'finance']);
    expect(rolesOf('/admin/api/kyc/review')).toEqual(['admin', 'compliance']);
    expect(rolesOf('/admin/api/support/reply')).toEqual(['admin', 'support']);
    expect(rolesOf('/admin/api/support/messages')).toEqual(['admin', 'support', 'compliance']);
    expect(rolesOf('/admin/api/me')).toEqual(['admin', 'support', 'finance', 'compliance', 'content']);
  });
});
