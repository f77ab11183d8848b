import type { StaffPermission } from '@meridian/domain/staff-roles';
import type { ServerContext } from '../context';
import { type AuthenticatedStaff, requirePermission } from './staff/staff.public';

// Beside the areas, not in the staff area: services declare their actions with it as they load, and
// the areas import each other in circles (test/front-doors-load.test.ts), so it must be defined
// before the staff area's front door has finished loading. It reaches that door only when called.

/**
 * A staff write declared with the permission it needs: the permission is checked first (a refusal
 * is audited, as `requirePermission` does), then the action runs with the moment it is taken, the
 * one time it and its audit entry record.
 */
export function staffAction<Input, Answer>(
  permission: StaffPermission,
  action: (context: ServerContext, staff: AuthenticatedStaff, input: Input, now: Date) => Promise<Answer>,
): (context: ServerContext, staff: AuthenticatedStaff, input: Input) => Promise<Answer> {
  return async (context, staff, input) => {
    await requirePermission(context, staff, permission);
    return action(context, staff, input, context.clock.now());
  };
}
