import {
  CODE_PURPOSE,
  type CodeSent,
  type SendEmailRequest,
  type SendSmsRequest,
} from '@meridian/contract/auth';
import { type Language, normalizeLanguage } from '@meridian/contract/languages';
import type { ServerContext } from '../../context';
import { Rejection, SessionInvalid } from '../../http/errors';
import { issueCode } from '../notify/notify.public';
import type { AuthenticatedUser } from './sessions.service';
import { findUserById } from './users.repository';
import {
  destinationOf,
  findUserByIdentifier,
  type Identifier,
  ownDestination,
  resolveIdentifier,
} from './users.service';

/** Who asks: the signed-in user if any, the client's address, and the language the request is in. */
type Requester = { user: AuthenticatedUser | null; address: string; language: Language };

/**
 * A code by e-mail (spec: send_email). Type 3 (change password), and any type sent without an
 * address, goes to the signed-in user's own address, which needs a session. Otherwise the address
 * given is used, with the account rules of `sendForIdentifier`.
 */
export async function requestEmailCode(
  context: ServerContext,
  input: SendEmailRequest,
  requester: Requester,
): Promise<CodeSent> {
  await context.limits.codesPerAddress.hit(requester.address);
  if (input.type === CODE_PURPOSE.changePassword || input.email === undefined) {
    // A registration code for an address nobody typed would go to an already registered account.
    if (input.type === CODE_PURPOSE.register) throw new Rejection('error.email_required');
    if (!requester.user) throw new SessionInvalid();
    const destination = await ownDestination(context.db, requester.user);
    const own = await findUserById(context.db, requester.user.id);
    const language = own ? normalizeLanguage(own.language) : requester.language;
    return sent(await issueCode(context, { destination, purpose: input.type, deliver: true, language }));
  }
  return sendForIdentifier(context, { type: 'email', email: input.email }, input.type, requester.language);
}

/** A code by SMS (spec: send_sms) to an area code and number, type 1 register or 2 reset. */
export async function requestSmsCode(
  context: ServerContext,
  input: SendSmsRequest,
  requester: Requester,
): Promise<CodeSent> {
  await context.limits.codesPerAddress.hit(requester.address);
  const identifier = await resolveIdentifier(context.db, {
    type: 'mobile',
    account: input.to,
    areaId: input.area_id,
  });
  return sendForIdentifier(context, identifier, input.type, requester.language);
}

/**
 * Registration codes go only to addresses not yet registered (refused clearly otherwise), in the
 * language of the request. Reset codes for an unknown account answer success but are never sent,
 * so the call does not reveal which accounts exist; the same resend and rate rules apply to both.
 * A registered customer's code is in their stored language.
 */
async function sendForIdentifier(
  context: ServerContext,
  identifier: Identifier,
  purpose: number,
  requestLanguage: Language,
): Promise<CodeSent> {
  const user = await findUserByIdentifier(context.db, identifier);
  if (purpose === CODE_PURPOSE.register && user) throw new Rejection('error.already_registered');
  const destination = destinationOf(identifier);
  const deliver = purpose === CODE_PURPOSE.register || user !== undefined;
  const language = user ? normalizeLanguage(user.language) : requestLanguage;
  return sent(await issueCode(context, { destination, purpose, deliver, language }));
}

function sent(result: { resendSeconds: number }): CodeSent {
  return { resend_seconds: result.resendSeconds };
}
