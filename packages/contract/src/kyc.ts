import { z } from 'zod';
import { cacheBuster, requiredText } from './fields';
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
  name: z.string(),
  /** The latest submission's ID number, masked (first and last two characters). */
  card_id: z.string(),
  /** Signed, expiring addresses of the latest submission's photos; empty when none. */
  front_pic: z.string(),
  reverse_pic: z.string(),
  /** Why the latest submission was rejected; empty otherwise. */
  reason: z.string(),
  /** When the latest submission was sent and reviewed (ISO 8601); empty when not. */
  submitted_at: z.string(),
  reviewed_at: z.string(),
});
export type RealNameCenter = z.infer<typeof RealNameCenter>;

const CARD_ID_PATTERN = new RegExp(`^[A-Za-z0-9-]{${LIMITS.cardIdLengthMin},${LIMITS.cardIdLengthMax}}$`);

export const RealNameRequest = z.object({
  name: requiredText(LIMITS.realNameLengthMax),
  /** An ID card or passport number: letters, digits and dashes; spaces are dropped. */
  card_id: z
    .string()
    .trim()
    .min(1, { error: 'validation.required' })
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(z.string().regex(CARD_ID_PATTERN, { error: 'validation.card_id' })),
  front_pic: uploadReference(),
  reverse_pic: uploadReference(),
  t: cacheBuster,
});
export type RealNameRequest = z.infer<typeof RealNameRequest>;
