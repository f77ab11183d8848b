import { z } from 'zod';
import { cacheBuster, patternText, requiredText, serverText } from './fields';
import { LIMITS } from './limits';
import { uploadReference } from './upload';

/**
 * `review_status` of spec section 4 as the app reads it: 0 shows the form, 1 "under audit", any
 * other value verified. A rejected submission answers 0 (the form again) with its `reason`, and
 * `state` names all four states for clients that want to tell "never sent" from "rejected".
 */
export const REVIEW_STATUS = { form: 0, pending: 1, verified: 2 } as const;
export const RealNameState = z.enum(['none', 'pending', 'verified', 'rejected']);
export type RealNameState = z.infer<typeof RealNameState>;

export const RealNameCenter = z.object({
  review_status: z.number().int(),
  state: RealNameState,
  /** The latest submission's name; empty when none was sent. */
  name: serverText(),
  /** The latest submission's ID number, masked (first and last two characters). */
  card_id: serverText(),
  /** Signed, expiring addresses of the latest submission's photos; empty when none. */
  front_pic: serverText(),
  reverse_pic: serverText(),
  /** Why the latest submission was rejected; empty otherwise. */
  reason: serverText(),
  /** When the latest submission was sent and reviewed (ISO 8601); empty when not. */
  submitted_at: serverText(),
  reviewed_at: serverText(),
});
export type RealNameCenter = z.infer<typeof RealNameCenter>;

const CARD_ID_PATTERN = new RegExp(`^[A-Za-z0-9-]{${LIMITS.cardIdLengthMin},${LIMITS.cardIdLengthMax}}$`);

export const RealNameRequest = z.object({
  name: requiredText(LIMITS.realNameLengthMax),
  /** An ID card or passport number: letters, digits and dashes; spaces are dropped. */
  card_id: requiredText()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(patternText(CARD_ID_PATTERN, 'validation.card_id')),
  front_pic: uploadReference(),
  reverse_pic: uploadReference(),
  t: cacheBuster,
});
export type RealNameRequest = z.infer<typeof RealNameRequest>;
