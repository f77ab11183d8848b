import { type AmendPasswordRequest, CODE_PURPOSE, type ForgetPasswordRequest } from '@meridian/contract/auth';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import { Rejection } from '../../http/errors';
import {
  type CodeCheck,
  type CodeRequest,
  checkCode,
  codeRejectionKey,
  consumeCode,
} from '../notify/notify.public';
import { hashPassword } from './passwords';
import { type AuthenticatedUser, type ClientInfo, endUserSessions, sessionsEnded } from './sessions.service';
import * as repository from './users.repository';
import { destinationOf, findUserByIdentifier, ownDestination, resolveIdentifier } from './users.service';

/**
 * Turns a wrong code away before the password is hashed (argon2id, 64 MiB): a stream of wrong
 * codes must cost us a row lock each, not a hash each. The wrong try is committed; a right code
 * stays unused for the transaction that changes the password.
 */
async function requireRightCode(context: ServerContext, proof: CodeRequest): Promise<void> {
  const check = await context.db.transaction((tx) => checkCode(tx, proof));
  if (check !== 'ok') throw new Rejection(codeRejectionKey(check));
}

/**
 * What both changes of a password start with: the code sent to `destination` is checked, then the
 * new password hashed. The proof is checked again, and used, in the transaction that changes it.
 */
async function provenNewPassword(
  context: ServerContext,
  code: Omit<CodeRequest, 'code'>,
  input: { auth_code: string; new_password: string },
): Promise<{ proof: CodeRequest; passwordHash: string }> {
  const proof = { ...code, code: input.auth_code };
  await requireRightCode(context, proof);
  return { proof, passwordHash: await hashPassword(input.new_password) };
}

/**
 * Changes the signed-in user's password with a code (purpose 3) sent to their own address. The
 * user's other sessions end (and their sockets lose the user's topics); the one making the change
 * stays. Demo users have no password.
 */
export async function amendPassword(
  context: ServerContext,
  user: AuthenticatedUser,
  input: AmendPasswordRequest,
): Promise<void> {
  const now = context.clock.now();
  const destination = await ownDestination(context.db, user);
  const { proof, passwordHash } = await provenNewPassword(
    context,
    { destination, purpose: CODE_PURPOSE.changePassword, now },
    input,
  );
  const check = await context.db.transaction(async (tx): Promise<CodeCheck> => {
    // Checked again under the lock: a parallel call may have used the code during the hash.
    const result = await consumeCode(tx, proof);
    if (result !== 'ok') return result;
    await repository.updatePasswordHash(tx, user.id, passwordHash);
    await endUserSessions(tx, { userId: user.id, now, keepSessionId: user.sessionId });
    return result;
  });
  if (check !== 'ok') throw new Rejection(codeRejectionKey(check));
  sessionsEnded(context, { userId: user.id, keepSessionId: user.sessionId });
}

type ResetOutcome = { check: 'ok'; userId: UserId } | { check: Exclude<CodeCheck, 'ok'> };

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
  const now = context.clock.now();
  const { proof, passwordHash } = await provenNewPassword(
    context,
    { destination: destinationOf(identifier), purpose: CODE_PURPOSE.reset, now },
    input,
  );
  const outcome = await context.db.transaction(async (tx): Promise<ResetOutcome> => {
    const check = await consumeCode(tx, proof);
    if (check !== 'ok') return { check };
    const user = await findUserByIdentifier(tx, identifier);
    if (!user) throw new Rejection('error.code_invalid');
    await repository.updatePasswordHash(tx, user.id, passwordHash);
    await endUserSessions(tx, { userId: user.id, now });
    return { check, userId: user.id };
  });
  if (outcome.check !== 'ok') throw new Rejection(codeRejectionKey(outcome.check));
  sessionsEnded(context, { userId: outcome.userId, keepSessionId: null });
}
