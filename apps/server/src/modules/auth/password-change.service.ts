import { type AmendPasswordRequest, CODE_PURPOSE, type ForgetPasswordRequest } from '@meridian/contract/auth';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import { type CodeCheck, codeRejectionKey, consumeCode } from '../notify/codes.service';
import { hashPassword } from './passwords';
import { forgetSessions } from './session-cache';
import { type AuthenticatedUser, type ClientInfo, endUserSessions } from './sessions.service';
import * as repository from './users.repository';
import { destinationOf, findUserByIdentifier, ownDestination, resolveIdentifier } from './users.service';

/**
 * Changes the signed-in user's password with a code (purpose 3) sent to their own address. The
 * user's other sessions end; the one making the change stays. Demo users have no password.
 */
export async function amendPassword(
  context: ServerContext,
  user: AuthenticatedUser,
  input: AmendPasswordRequest,
): Promise<void> {
  const destination = await ownDestination(context.db, user);
  const passwordHash = await hashPassword(input.new_password);
  const now = context.clock.now();
  const check = await context.db.transaction(async (tx): Promise<CodeCheck> => {
    const result = await consumeCode(tx, {
      destination,
      purpose: CODE_PURPOSE.changePassword,
      code: input.auth_code,
      now,
    });
    if (result !== 'ok') return result;
    await repository.updatePasswordHash(tx, user.id, passwordHash);
    await endUserSessions(tx, { userId: user.id, now, keepSessionId: user.sessionId });
    return result;
  });
  if (check !== 'ok') throw new Rejection(codeRejectionKey(check));
  // Committed: this node forgets the sessions it remembered before answering.
  forgetSessions(context);
}

/**
 * Resets a forgotten password with a code (purpose 2) sent to the account's address, and ends all
 * of the user's sessions. An unknown account fails like a wrong code: the reset code request for
 * it answered success without sending, so the asker cannot tell the two apart.
 */
export async function forgetPassword(
  context: ServerContext,
  input: ForgetPasswordRequest,
  client: ClientInfo,
): Promise<void> {
  await context.limits.loginAttemptsPerAddress.hit(client.address);
  const identifier = await resolveIdentifier(context.db, {
    type: input.type,
    account: input.account,
    areaId: input.area_id,
  });
  const passwordHash = await hashPassword(input.new_password);
  const now = context.clock.now();
  const check = await context.db.transaction(async (tx): Promise<CodeCheck> => {
    const result = await consumeCode(tx, {
      destination: destinationOf(identifier),
      purpose: CODE_PURPOSE.reset,
      code: input.auth_code,
      now,
    });
    if (result !== 'ok') return result;
    const user = await findUserByIdentifier(tx, identifier);
    if (!user) throw new Rejection('error.code_invalid');
    await repository.updatePasswordHash(tx, user.id, passwordHash);
    await endUserSessions(tx, { userId: user.id, now });
    return result;
  });
  if (check !== 'ok') throw new Rejection(codeRejectionKey(check));
  forgetSessions(context);
}
