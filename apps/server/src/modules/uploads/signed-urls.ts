import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { LIMITS } from '@meridian/contract/limits';
import type { UserId } from '@meridian/domain/ids';
import type { DbOrTx } from '../../db/database';
import { SERVER_LIMITS } from '../../limits';
import * as repository from './uploads.repository';

const SIGNING_KEY_NAME = 'image_url_signing_key';
/** Path of the private-image route; signatures cover it so a signature fits one address only. */
export const IMAGE_PATH_PREFIX = '/api/common/image/';

/** Who an address is made for: the upload's owner, or one back-office staff member. */
export type ImageViewer = { kind: 'owner'; userId: UserId } | { kind: 'staff'; staffId: number };

// One key per database, made once and shared by every node; read once per process.
const keys = new WeakMap<object, Promise<Buffer>>();

/** The signing key: made with the first image, kept in server_secrets (not in the editable settings). */
export function signingKey(db: DbOrTx): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = repository
      .ensureSecret(
        db,
        SIGNING_KEY_NAME,
        randomBytes(SERVER_LIMITS.imageUrlSigningKeyBytes).toString('base64'),
      )
      .then((value) => Buffer.from(value, 'base64'));
    // A failed read is not kept, so the next request tries again.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

function viewerText(viewer: ImageViewer): string {
  return viewer.kind === 'owner' ? `u${viewer.userId}` : `s${viewer.staffId}`;
}

function signature(key: Buffer, name: string, expiresSeconds: number, ownerUserId: UserId, viewer: string) {
  return createHmac('sha256', key)
    .update(`${IMAGE_PATH_PREFIX}${name}\n${expiresSeconds}\n${ownerUserId}\n${viewer}`)
    .digest('base64url');
}

/** A private image's address for one viewer, valid LIMITS.imageUrlTtlSeconds from `now`. */
export function signImageUrl(
  key: Buffer,
  image: { name: string; ownerUserId: UserId },
  viewer: ImageViewer,
  now: Date,
): { url: string; expiresAt: Date } {
  const expiresSeconds = Math.floor(now.getTime() / 1000) + LIMITS.imageUrlTtlSeconds;
  const text = viewerText(viewer);
  const sig = signature(key, image.name, expiresSeconds, image.ownerUserId, text);
  const viewerQuery = viewer.kind === 'staff' ? `&v=${text}` : '';
  return {
    url: `${IMAGE_PATH_PREFIX}${image.name}?exp=${expiresSeconds}&sig=${sig}${viewerQuery}`,
    expiresAt: new Date(expiresSeconds * 1000),
  };
}

/**
 * Whether a presented address is genuine and still valid: the signature binds the path, the
 * expiry, the owner and the viewer, so it cannot be moved to another image, stretched, or made
 * out for another person.
 */
export function verifyImageSignature(
  key: Buffer,
  presented: { name: string; ownerUserId: UserId; exp: number; sig: string; viewer: string },
  now: Date,
): boolean {
  if (presented.exp * 1000 <= now.getTime()) return false;
  // Never honour an expiry further away than we ever sign (a leaked key's forgeries stay short).
  if (presented.exp * 1000 > now.getTime() + (LIMITS.imageUrlTtlSeconds + 60) * 1000) return false;
  const expected = Buffer.from(
    signature(key, presented.name, presented.exp, presented.ownerUserId, presented.viewer),
  );
  const given = Buffer.from(presented.sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
