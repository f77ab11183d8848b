import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { verifyPassword } from './passwords';
import type { AuthenticatedUser } from './sessions.service';
import { findUserById } from './users.repository';
import { identifierKey } from './users.service';

/**
 * Checks a signed-in customer's login password before a sensitive action (a withdrawal). A wrong
 * one counts as a failed login of the account, under the same limit (5 in 15 minutes locks the
 * account, the login included), so a stolen session guesses here no faster than at the login. A
 * right one does not clear the count: only a login does.
 */
export async function checkAccountPassword(
  context: ServerContext,
  user: AuthenticatedUser,
  password: string,
): Promise<void> {
  const row = await findUserById(context.db, user.id);
  if (!row?.passwordHash) throw new Rejection('error.real_account_only');
  const key = row.email
    ? identifierKey({ type: 'email', email: row.email })
    : identifierKey({ type: 'mobile', areaId: row.areaId ?? 0, globalCode: '', mobile: row.mobile ?? '' });
  await context.limits.loginFailuresPerAccount.ensureOpen(key);
  if (!(await verifyPassword(row.passwordHash, password))) {
    await context.limits.loginFailuresPerAccount.hit(key);
    throw new Rejection('error.password_wrong');
  }
}
