import { SERVER_LIMITS } from '../../../limits';
import type { OutgoingMessage } from '../delivery';

/**
 * Which server message keys (`mail.*` in the locale files) write each outgoing message. The texts
 * live with the server's other messages so the locale test holds them to the same rules: all 15
 * languages, every key, the same placeholders.
 */

/** The name the texts give the platform when the sender has none of its own (`{{brand}}`). */
export const DEFAULT_BRAND = 'Meridian';

type CodeMessage = Extract<OutgoingMessage, { kind: 'code' }>;
type NoticeMessage = Extract<OutgoingMessage, { kind: 'notice' }>;

/** The code purposes of the contract (CodePurpose in auth.ts): 1 register, 2 reset, 3 change password. */
const CODE_TEXTS: Record<number, string> = { 1: 'register', 2: 'reset', 3: 'change_password' };

/**
 * A notice's subject by its type; the body is the notice's own sentence. A type not listed here
 * (a new notice nobody gave a subject yet) still goes out, under the general subject.
 */
const NOTICE_SUBJECTS: Record<string, string> = {
  'funds.deposit_approved': 'deposit_approved',
  'funds.deposit_rejected': 'deposit_rejected',
  'funds.deposit_invalid': 'deposit_invalid',
  'funds.withdrawal_paid': 'withdrawal_paid',
  'funds.withdrawal_rejected': 'withdrawal_rejected',
  'kyc.verified': 'identity_verified',
  'kyc.rejected': 'identity_rejected',
};

export const NOTICE_TYPES_WITH_SUBJECT = Object.keys(NOTICE_SUBJECTS);

/**
 * The code's validity in whole minutes, as the texts state it (600 s: 10). Rounded down, so a
 * customer is never told a code lasts longer than it does.
 */
export const CODE_VALIDITY_MINUTES = Math.max(1, Math.floor(SERVER_LIMITS.verificationCodeTtlSeconds / 60));

/** The text variant of a purpose; an unknown purpose (a programmer error) still reads sensibly. */
function codeVariant(message: CodeMessage): string {
  return CODE_TEXTS[message.purpose] ?? 'other';
}

export function codeSubjectKey(message: CodeMessage): string {
  return `mail.code.subject.${codeVariant(message)}`;
}

export function codeIntroKey(message: CodeMessage): string {
  return `mail.code.intro.${codeVariant(message)}`;
}

export function codeSmsKey(message: CodeMessage): string {
  return `mail.sms.${codeVariant(message)}`;
}

export function noticeSubjectKey(message: NoticeMessage): string {
  return `mail.notice_subject.${NOTICE_SUBJECTS[message.type] ?? 'other'}`;
}
