import { LIMITS } from '@meridian/contract/limits';
import type { TFunction } from 'i18next';
import type { ZodType } from 'zod';

/** An antd-mobile Form rule that only checks; emptiness is the `required` rule's business. */
export type CheckRule = { validator(rule: unknown, value: unknown): Promise<void> };

/** Numbers the contract's `validation.*` messages speak of, so the client says the same as the server. */
const VALIDATION_PARAMS: Record<string, Record<string, number>> = {
  'validation.password_length': { min: LIMITS.passwordLengthMin, max: LIMITS.passwordLengthMax },
  'validation.mobile_format': { min: LIMITS.mobileDigitsMin, max: LIMITS.mobileDigitsMax },
  'validation.code_format': { digits: LIMITS.verificationCodeDigits },
  'validation.card_id': { min: LIMITS.cardIdLengthMin, max: LIMITS.cardIdLengthMax },
};

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * Checks a field with the contract's own zod schema (house style: forms use the contract's
 * schemas), so what the form accepts is what the server accepts. The contract names its messages
 * `validation.*`; those keys exist in every locale file, any other message gives `fallbackKey`.
 */
export function schemaRule(schema: ZodType, t: TFunction, fallbackKey: string): CheckRule {
  return {
    async validator(_rule, value) {
      if (isEmpty(value)) return;
      const result = schema.safeParse(value);
      if (result.success) return;
      const key = result.error.issues[0]?.message ?? '';
      throw new Error(key.startsWith('validation.') ? t(key, VALIDATION_PARAMS[key] ?? {}) : t(fallbackKey));
    },
  };
}

/** A required text field: empty or only spaces is refused with `message`. */
export function filledRule(message: string): { required: true; whitespace: true; message: string } {
  return { required: true, whitespace: true, message };
}

/** The confirmation field must equal the field it confirms (spec: passwords-not-equal message). */
export function sameAsRule(readOther: () => unknown, message: string): CheckRule {
  return {
    async validator(_rule, value) {
      if (isEmpty(value)) return;
      if (value !== readOther()) throw new Error(message);
    },
  };
}
