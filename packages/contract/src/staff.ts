import { z } from 'zod';
import {
  cacheBuster,
  email,
  exactText,
  multilineText,
  positiveId,
  requiredText,
  serverText,
  text,
  verificationCode,
} from './fields';
import { LIMITS } from './limits';
import { ConversationSortKey, listSortFields } from './list-sort';
import { limitField, pageOf, pagingFields } from './paging';
import { PriceSource } from './settings';
import { SupportMessage } from './support';

/** Back-office roles. What each may do is in packages/domain (staff-roles). */
export const STAFF_ROLES = ['admin', 'support', 'finance', 'compliance', 'content'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

/** A one-time recovery code as typed: case, spaces and dashes do not matter. */
const recoveryCode = () => text(LIMITS.staffRecoveryCodeLengthMax).min(1, { error: 'validation.required' });

/** Sign-in: the password and the second factor, a TOTP code or one of the recovery codes. */
export const StaffLoginRequest = z.object({
  email: email(),
  password: requiredText(LIMITS.passwordLengthMax),
  code: verificationCode().optional(),
  recovery_code: recoveryCode().optional(),
  t: cacheBuster,
});
export type StaffLoginRequest = z.infer<typeof StaffLoginRequest>;

export const Staff = z.object({
  id: z.number().int(),
  email: serverText(),
  name: serverText(),
  role: StaffRole,
});
export type Staff = z.infer<typeof Staff>;

/** `GET /admin/api/me`: the signed-in staff member, and where the installation's prices come from. */
export const StaffMe = Staff.extend({ price_source: PriceSource });
export type StaffMe = z.infer<typeof StaffMe>;

export const StaffSession = z.object({ token: serverText(), staff: Staff });

export const StaffEmptyRequest = z.object({ t: cacheBuster });

/** The one-time enrolment link's token (`/admin/enrol?token=...`). */
const enrolmentToken = () =>
  exactText(LIMITS.staffEnrolmentTokenLengthMax).min(1, { error: 'validation.required' });

export const StaffEnrolmentQuery = z.object({ token: enrolmentToken(), t: cacheBuster });

/** What the enrolment screen shows: whose account, and the otpauth:// URI for the QR code. */
export const StaffEnrolment = z.object({
  email: serverText(),
  otpauth_uri: serverText(),
  /** The secret as text, for an authenticator app without a camera. */
  secret: serverText(),
  /**
   * True for an account an admin made in the back office: it has no password yet, and the one sent
   * with the first code becomes its password (at least LIMITS.staffPasswordLengthMin characters).
   */
  needs_password: z.boolean(),
});

/**
 * Confirms the enrolment with the password and a first code from the authenticator app; for an
 * account without a password yet (`needs_password`), the password chosen here.
 */
export const StaffEnrolRequest = z.object({
  token: enrolmentToken(),
  password: requiredText(LIMITS.passwordLengthMax),
  code: verificationCode(),
  t: cacheBuster,
});

/** The recovery codes, shown once: only their hashes are kept. */
export const StaffEnrolResult = z.object({ recovery_codes: z.array(serverText()) });

export const ConversationListQuery = z.object({
  /** open (the default): not closed; closed; or all. */
  status: z.enum(['open', 'closed', 'all'], { error: 'validation.invalid_choice' }).default('open'),
  ...pagingFields(20),
  ...listSortFields(ConversationSortKey),
  t: cacheBuster,
});
export type ConversationListQuery = z.infer<typeof ConversationListQuery>;

/** A customer's conversation as the agents' list shows it, newest activity first. */
export const ConversationSummary = z.object({
  id: z.number().int(),
  user: z.object({ id: z.number().int(), uid: serverText(), email: serverText(), is_demo: z.number().int() }),
  /** The newest message's text (or empty for an image), for the list. */
  last_text: serverText(),
  last_message_at: serverText(),
  /** Customer messages no agent has read yet. */
  unread: z.number().int(),
  /** ISO 8601 when an agent closed it; empty while open (a customer's new message reopens it). */
  closed_at: serverText(),
});
export const ConversationList = pageOf(ConversationSummary);
export type ConversationSummary = z.infer<typeof ConversationSummary>;

export const ConversationMessagesQuery = z.object({
  conversation_id: positiveId(),
  before: positiveId().optional(),
  limit: limitField(30),
  t: cacheBuster,
});

export const ConversationMessages = z.object({
  list: z.array(SupportMessage),
  has_more: z.boolean(),
});

export const AgentReplyRequest = z.object({
  conversation_id: positiveId(),
  text: multilineText(LIMITS.supportTextLengthMax).min(1, { error: 'validation.required' }),
  t: cacheBuster,
});

export const ConversationReadRequest = z.object({ conversation_id: positiveId(), t: cacheBuster });

/**
 * A staff member's name as typed, not trimmed here: a trim would silently drop a byte-order mark
 * (U+FEFF) at either end, and the server refuses names with invisible or bidi characters rather than
 * cleaning them (packages/domain display-name.ts); it stores the name in its canonical form, trimmed.
 */
export const staffNameField = () =>
  exactText(LIMITS.staffNameLengthMax).refine((name) => name.trim() !== '', { error: 'validation.required' });
