import { z } from 'zod';
import { cacheBuster, exactText, requiredText, serverText } from './fields';
import { LIMITS } from './limits';

/**
 * What an upload is for. Every purpose is private: identity photos (`kyc`), payment proofs
 * (`proof`) and chat images (`chat`) are served only through signed, expiring addresses.
 */
export const UPLOAD_PURPOSES = ['kyc', 'proof', 'chat'] as const;
export const UploadPurpose = z.enum(UPLOAD_PURPOSES, { error: 'validation.upload_purpose' });
export type UploadPurpose = z.infer<typeof UploadPurpose>;

/**
 * A client that sends no purpose (the spec's) uploads `unassigned`: the first call that uses the
 * picture (a deposit proof, an identity photo, a chat image) claims it for its own purpose, and
 * from then on it is that purpose's only. A client cannot ask for it by name.
 */
export const UNASSIGNED_UPLOAD = 'unassigned' as const;
export const StoredUploadPurpose = z.enum([...UPLOAD_PURPOSES, UNASSIGNED_UPLOAD]);
export type StoredUploadPurpose = z.infer<typeof StoredUploadPurpose>;

/**
 * Purposes a demo user may upload for: the chat only (spec section 6: no real auth, no charge).
 * Not `unassigned` either: a demo user's chat image names its purpose (our app always does).
 */
export const DEMO_UPLOAD_PURPOSES: readonly StoredUploadPurpose[] = ['chat'];

/** Query of the upload call; the multipart form may carry `purpose` too, which wins. */
export const UploadQuery = z.object({ purpose: UploadPurpose.optional(), t: cacheBuster });

/**
 * An accepted upload. `url` is a signed address that only works for LIMITS.imageUrlTtlSeconds;
 * `name` is what later calls take (`front_pic`, `image`), though they accept `url` as well.
 */
export const UploadResult = z.object({
  url: serverText(),
  name: serverText(),
  /** `unassigned` when the request named no purpose, until a later call claims it. */
  purpose: StoredUploadPurpose,
  mime: serverText(),
  width: z.number().int(),
  height: z.number().int(),
  size: z.number().int(),
  /** When `url` stops working (ISO 8601). */
  expires_at: serverText(),
});
export type UploadResult = z.infer<typeof UploadResult>;

/** Server-made upload names: 32 hex characters and the stored format's extension. */
export const UPLOAD_NAME_PATTERN = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

export const ImageParams = z.object({
  name: exactText(LIMITS.uploadNameLengthMax),
});

/** The signature of a private image address: expiry (Unix seconds), signature, and viewer. */
export const ImageQuery = z.object({
  exp: z.coerce.number().int().nonnegative().optional(),
  sig: exactText(100).optional(),
  /** Absent: the owner views. `s<staff id>`: a back-office viewer. */
  v: exactText(20).optional(),
});

/** A picture field of a later call: an upload name, or the signed address the upload answered. */
export const uploadReference = () => requiredText(LIMITS.uploadReferenceLengthMax);
