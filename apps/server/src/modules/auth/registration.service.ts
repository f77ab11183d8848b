import { CODE_PURPOSE, type RegisterRequest, type SessionData } from '@meridian/contract/auth';
import { VERIFY_REG_TYPE } from '@meridian/contract/settings-codes';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import type { Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection } from '../../http/errors';
import { checkCaptcha } from '../captcha/captcha.public';
import { openTradingAccount } from '../ledger/ledger.public';
import { acceptancesToRecord, recordAcceptances } from '../legal/legal.public';
import {
  type CodeCheck,
  type CodeRequest,
  checkCode,
  codeRejectionKey,
  consumeCode,
} from '../notify/notify.public';
import { getSetting } from '../settings/settings.public';
import { normalizeInviteCode } from './identifiers';
import { hashPassword } from './passwords';
import { type ClientInfo, createSession } from './sessions.service';
import * as repository from './users.repository';
import {
  destinationOf,
  findUserByIdentifier,
  getUserView,
  type Identifier,
  insertUserWithFreshCodes,
  resolveIdentifier,
} from './users.service';

/** The setting is stored as text: verify_reg_type 2, an image captcha instead of a code by e-mail or SMS. */
const CAPTCHA_MODE = String(VERIFY_REG_TYPE.captcha);

type Outcome = { check: 'ok'; userId: UserId; token: string } | { check: Exclude<CodeCheck, 'ok'> };

/**
 * Registers a user by e-mail or mobile number. The proof is the e-mail/SMS code for purpose 1, or
 * the image captcha when verify_reg_type is 2. The proof is checked before the password is hashed
 * (argon2id, 64 MiB): wrong codes sent from many addresses must not buy a hash each and slow every
 * login down. The user, their real trading account (balance 0) and their first session are created
 * in one transaction, together with the code's use.
 */
export async function register(
  context: ServerContext,
  input: RegisterRequest,
  client: ClientInfo & { language: string },
): Promise<SessionData> {
  await context.limits.loginAttemptsPerAddress.hit(client.address);
  const identifier = await resolveIdentifier(context.db, {
    type: input.type,
    account: (input.type === 'mobile' ? input.account || input.mobile : input.account) ?? '',
    areaId: input.area_id,
  });
  if (await findUserByIdentifier(context.db, identifier)) throw new Rejection('error.already_registered');
  const referrerId = await findReferrer(context, input.invite_code);
  // Before the proof: a refused acceptance uses up no code (docs/decisions.md).
  const acceptances = await acceptancesToRecord(context.db, input);

  const captchaMode = (await getSetting(context.db, 'verify_reg_type')) === CAPTCHA_MODE;
  const now = context.clock.now();
  const code = captchaMode
    ? null
    : { destination: destinationOf(identifier), purpose: CODE_PURPOSE.register, code: input.sms_code, now };
  await requireProof(context, input, code);
  const passwordHash = await hashPassword(input.password);

  let outcome: Outcome;
  try {
    outcome = await context.db.transaction(async (tx): Promise<Outcome> => {
      if (code) {
        // Checked again under the lock: a parallel registration may have used the code meanwhile.
        const check = await consumeCode(tx, code);
        if (check !== 'ok') return { check };
      }
      const user = await insertUserWithIdentity(tx, identifier, {
        passwordHash,
        referrerId,
        language: client.language,
        createdAt: now,
      });
      await openTradingAccount(tx, user.id, 'real', now);
      await recordAcceptances(tx, user.id, acceptances, now);
      const token = await createSession(tx, { userId: user.id, now, client });
      return { check: 'ok', userId: user.id, token };
    });
  } catch (error) {
    // Another request registered the same account between our check and our insert.
    if (isUniqueViolation(error, 'users_email_unique') || isUniqueViolation(error, 'users_mobile_unique')) {
      throw new Rejection('error.already_registered');
    }
    throw error;
  }
  if (outcome.check !== 'ok') throw new Rejection(codeRejectionKey(outcome.check));
  return { token: outcome.token, user: await getUserView(context.db, outcome.userId) };
}

/**
 * The captcha (used up by the check, right or wrong), or the code without using it up: a wrong try
 * is committed here, a right code stays for the registration's transaction to use.
 */
async function requireProof(
  context: ServerContext,
  input: RegisterRequest,
  code: CodeRequest | null,
): Promise<void> {
  if (code === null) {
    if (!(input.key && (await checkCaptcha(context, input.key, input.sms_code)))) {
      throw new Rejection('error.captcha_invalid');
    }
    return;
  }
  const check = await context.db.transaction((tx) => checkCode(tx, code));
  if (check !== 'ok') throw new Rejection(codeRejectionKey(check));
}

/** An invite code names the referrer; an unknown one is refused rather than silently dropped. */
async function findReferrer(context: ServerContext, inviteCode: string | undefined): Promise<UserId | null> {
  if (!inviteCode) return null;
  const referrer = await repository.findUserByInviteCode(context.db, normalizeInviteCode(inviteCode));
  if (!referrer) throw new Rejection('error.invite_code_unknown');
  return referrer.id;
}

async function insertUserWithIdentity(
  tx: Tx,
  identifier: Identifier,
  values: { passwordHash: string; referrerId: UserId | null; language: string; createdAt: Date },
) {
  const identity =
    identifier.type === 'email'
      ? { email: identifier.email }
      : { areaId: identifier.areaId, mobile: identifier.mobile };
  return insertUserWithFreshCodes(tx, { ...identity, ...values, isDemo: false });
}
