import type { IdentifierType, User } from '@meridian/contract/auth';
import type { UserId } from '@meridian/domain/ids';
import type { DbOrTx, Tx } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Rejection, SessionInvalid } from '../../http/errors';
import { SERVER_LIMITS } from '../../limits';
import type { CodeDestination } from '../notify/notify.public';
import { defaultAreaCode, findAreaCode, findAreaCodeByCallingCode } from '../settings/settings.public';
import {
  internationalNumberArea,
  nationalMobileNumber,
  newInviteCode,
  newUid,
  normalizeEmail,
} from './identifiers';
import type { AuthenticatedUser } from './sessions.service';
import * as repository from './users.repository';

/** How a person names their account: an e-mail, or an area code and a number. */
export type Identifier =
  | { type: 'email'; email: string }
  | { type: 'mobile'; areaId: number; globalCode: string; mobile: string };

/**
 * Turns the request's identifier fields into one, checking that the area code exists. Register,
 * login and reset all come here, so a number is read the same way by each: with its `area_id`; or
 * without one (the spec's reset sends none) in international form, whose calling code names the
 * area; or else as a number of the default area, the list's second entry (spec section 2).
 */
export async function resolveIdentifier(
  db: DbOrTx,
  fields: { type: IdentifierType; account: string; areaId?: number | undefined },
): Promise<Identifier> {
  if (fields.type === 'email') return { type: 'email', email: normalizeEmail(fields.account) };
  const number = fields.account.trim();
  const area = await areaOfNumber(db, number, fields.areaId);
  if (!area) throw new Rejection('error.area_unknown');
  return {
    type: 'mobile',
    areaId: area.id,
    globalCode: area.globalCode,
    mobile: nationalMobileNumber(number, area.code),
  };
}

async function areaOfNumber(db: DbOrTx, number: string, areaId: number | undefined) {
  if (areaId !== undefined) return findAreaCode(db, areaId);
  if (!number.startsWith('+')) return defaultAreaCode(db);
  const international = internationalNumberArea(number);
  return international && findAreaCodeByCallingCode(db, international.globalCode, international.country);
}

/** Where codes for this identifier go: the address, or the number with its calling code. */
export function destinationOf(identifier: Identifier): CodeDestination {
  if (identifier.type === 'email') return { channel: 'email', to: identifier.email };
  return { channel: 'sms', to: `${identifier.globalCode}${identifier.mobile}` };
}

/** A stable text for rate limits per account. */
export function identifierKey(identifier: Identifier): string {
  return identifier.type === 'email'
    ? `email:${identifier.email}`
    : `mobile:${identifier.areaId}:${identifier.mobile}`;
}

export async function findUserByIdentifier(db: DbOrTx, identifier: Identifier) {
  return identifier.type === 'email'
    ? repository.findUserByEmail(db, identifier.email)
    : repository.findUserByMobile(db, identifier.areaId, identifier.mobile);
}

/**
 * The signed-in user's own address for codes. A user registered by e-mail gets them by e-mail;
 * one registered by mobile only gets them by SMS to that number (ARCHITECTURE.md says "own
 * address"; a mobile-only user has no e-mail, and the number is the address they proved).
 */
export async function ownDestination(db: DbOrTx, user: AuthenticatedUser): Promise<CodeDestination> {
  if (user.isDemo) throw new Rejection('error.real_account_only');
  if (user.email) return { channel: 'email', to: user.email };
  if (user.areaId !== null && user.mobile) {
    const area = await findAreaCode(db, user.areaId);
    if (area) return { channel: 'sms', to: `${area.globalCode}${user.mobile}` };
  }
  // The users table requires an e-mail or a number for every real user.
  throw new Error(`user ${user.id} has no address for codes`);
}

/**
 * Inserts a user with a new uid and invite code. Both are random, so a clash is rare but possible;
 * each try runs in a savepoint so that a clash does not abort the caller's transaction.
 */
export async function insertUserWithFreshCodes(
  tx: Tx,
  values: Omit<repository.NewUserRow, 'uid' | 'inviteCode'>,
): Promise<repository.UserRow> {
  for (let attempt = 1; attempt <= SERVER_LIMITS.freshCodeTriesMax; attempt += 1) {
    try {
      return await tx.transaction((savepoint) =>
        repository.insertUser(savepoint, { ...values, uid: newUid(), inviteCode: newInviteCode() }),
      );
    } catch (error) {
      const clash =
        isUniqueViolation(error, 'users_uid_unique') || isUniqueViolation(error, 'users_invite_code_unique');
      if (!clash || attempt === SERVER_LIMITS.freshCodeTriesMax) throw error;
    }
  }
  throw new Error('unreachable');
}

/** The spec's User as answered by login, register, demo login and info. */
export async function getUserView(db: DbOrTx, userId: UserId): Promise<User> {
  const profile = await repository.findUserProfile(db, userId);
  if (!profile) throw new SessionInvalid();
  return {
    id: profile.id,
    uid: profile.uid,
    email: profile.email ?? '',
    mobile: profile.mobile ?? '',
    area_code: profile.areaGlobalCode ?? '',
    is_demo: profile.isDemo ? 1 : 0,
    invite_code: profile.inviteCode,
    invited_count: profile.invitedCount,
    created_at: profile.createdAt.toISOString(),
  };
}
