import { createHash } from 'node:crypto';
import {
  DEMO_UPLOAD_PURPOSES,
  type StoredUploadPurpose,
  UNASSIGNED_UPLOAD,
  UPLOAD_NAME_PATTERN,
  type UploadPurpose,
  type UploadResult,
} from '@meridian/contract/upload';
import type { UserId } from '@meridian/domain/ids';
import type { ServerContext } from '../../context';
import type { DbOrTx } from '../../db/database';
import { Rejection } from '../../http/errors';
import type { AuthenticatedUser } from '../auth/auth.public';
import { processImage } from './image-processing';
import {
  IMAGE_PATH_PREFIX,
  type ImageViewer,
  signImageUrl,
  signingKey,
  verifyImageSignature,
} from './signed-urls';
import { newUploadName, removeUpload, storeUpload, uploadPath } from './storage';
import * as repository from './uploads.repository';

/**
 * Accepts one image for a purpose: the user's rate limit is counted first (refusals count too,
 * each costs a decode), then the content is checked and re-encoded, stored under a fresh name
 * and recorded. Demo users may upload only for the chat (spec section 6).
 */
export async function uploadImage(
  context: ServerContext,
  user: AuthenticatedUser,
  input: { purpose: StoredUploadPurpose; bytes: Buffer },
): Promise<UploadResult> {
  if (user.isDemo && !DEMO_UPLOAD_PURPOSES.includes(input.purpose)) {
    throw new Rejection('error.real_account_only');
  }
  await context.limits.uploadsPerUser.hit(`user:${user.id}`);
  const image = await processImage(input.bytes);
  const name = newUploadName(image.extension);
  await storeUpload(context.config.dataDir, name, image.bytes);
  let row: repository.UploadRow;
  try {
    row = await repository.insertUpload(context.db, {
      ownerUserId: user.id,
      purpose: input.purpose,
      name,
      mime: image.mime,
      sizeBytes: image.bytes.length,
      width: image.width,
      height: image.height,
      contentSha256: createHash('sha256').update(image.bytes).digest('hex'),
      createdAt: context.clock.now(),
    });
  } catch (error) {
    // No row, no file: an orphan file would be unreachable and never cleaned.
    await removeUpload(context.config.dataDir, name);
    throw error;
  }
  const signed = await imageUrl(context, row, { kind: 'owner', userId: user.id });
  return {
    url: signed.url,
    name: row.name,
    purpose: input.purpose,
    mime: row.mime,
    width: row.width,
    height: row.height,
    size: row.sizeBytes,
    expires_at: signed.expiresAt.toISOString(),
  };
}

/** A fresh signed address of an upload for one viewer. */
export async function imageUrl(
  context: Pick<ServerContext, 'db' | 'clock'>,
  upload: { name: string; ownerUserId: UserId },
  viewer: ImageViewer,
): Promise<{ url: string; expiresAt: Date }> {
  return signImageUrl(await signingKey(context.db), upload, viewer, context.clock.now());
}

/** The owner's signed address of an upload by id, or '' without one (optional pictures). */
export async function ownerImageUrl(
  context: Pick<ServerContext, 'db' | 'clock'>,
  uploadId: number | null,
): Promise<string> {
  if (uploadId === null) return '';
  const upload = await repository.findUploadById(context.db, uploadId);
  if (!upload) return '';
  return (await imageUrl(context, upload, { kind: 'owner', userId: upload.ownerUserId })).url;
}

/** The upload name in a picture field: a bare name, or the signed address an upload answered. */
function uploadNameOf(reference: string): string | undefined {
  const trimmed = reference.trim();
  if (UPLOAD_NAME_PATTERN.test(trimmed)) return trimmed;
  let pathname: string;
  try {
    pathname = new URL(trimmed, 'http://local.invalid').pathname;
  } catch {
    return undefined;
  }
  if (!pathname.startsWith(IMAGE_PATH_PREFIX)) return undefined;
  const name = pathname.slice(IMAGE_PATH_PREFIX.length);
  return UPLOAD_NAME_PATTERN.test(name) ? name : undefined;
}

/**
 * The user's own upload named by a picture field, for one use (`kyc`, `proof`, `chat`). An
 * `unassigned` upload (sent without a purpose, as the spec's client does) is claimed for that use
 * here, once and for good: the claim is one conditional update, so of two calls racing for it only
 * one kind can win, and a caller's transaction that fails later undoes its claim. Anything else
 * (unknown, someone else's, claimed by or uploaded for another use) is the same refusal, so nobody
 * learns which names exist.
 */
export async function claimOwnUpload(
  db: DbOrTx,
  userId: UserId,
  reference: string,
  use: UploadPurpose,
): Promise<repository.UploadRow> {
  const name = uploadNameOf(reference);
  const upload = name ? await repository.findUploadByName(db, name) : undefined;
  if (!upload || upload.ownerUserId !== userId) throw new Rejection('error.upload_unknown');
  if (upload.purpose === use) return upload;
  if (upload.purpose !== UNASSIGNED_UPLOAD) throw new Rejection('error.upload_unknown');
  const claimed = await repository.claimUnassignedUpload(db, upload.id, use);
  if (claimed) return claimed;
  // Another call claimed it between our read and our update: it is ours only if for the same use.
  const now = await repository.findUploadById(db, upload.id);
  if (now?.purpose !== use) throw new Rejection('error.upload_unknown');
  return now;
}

type ImageRequest = {
  name: string;
  exp: number | undefined;
  sig: string | undefined;
  viewer: string | undefined;
  /** The user the request's own token names, when it carries one. */
  requestUserId: UserId | null;
};

/**
 * Opens a private image for a request that presents its signed address. Null (answered 403) when
 * the name is not ours, the signature is wrong or expired, or the request is signed in as
 * another user than the owner the address was made for.
 */
export async function openImage(
  context: ServerContext,
  request: ImageRequest,
): Promise<{ path: string; mime: string; maxAgeSeconds: number } | null> {
  if (!UPLOAD_NAME_PATTERN.test(request.name) || request.exp === undefined || !request.sig) return null;
  const upload = await repository.findUploadByName(context.db, request.name);
  if (!upload) return null;
  const viewer = request.viewer ?? `u${upload.ownerUserId}`;
  if (!/^[us][0-9]{1,10}$/.test(viewer)) return null;
  if (viewer.startsWith('u')) {
    if (viewer !== `u${upload.ownerUserId}`) return null;
    // An owner's address opened by someone signed in as another user is refused even before it expires.
    if (request.requestUserId !== null && request.requestUserId !== upload.ownerUserId) return null;
  }
  const key = await signingKey(context.db);
  const genuine = verifyImageSignature(
    key,
    { name: upload.name, ownerUserId: upload.ownerUserId, exp: request.exp, sig: request.sig, viewer },
    context.clock.now(),
  );
  if (!genuine) return null;
  return {
    path: uploadPath(context.config.dataDir, upload.name),
    mime: upload.mime,
    // Browsers may keep it until the address expires, and no longer.
    maxAgeSeconds: Math.max(0, request.exp - Math.floor(context.clock.now().getTime() / 1000)),
  };
}
