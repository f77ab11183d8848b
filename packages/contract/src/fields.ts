import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Field building blocks. Fields arrive as query strings, form-urlencoded or JSON, so
 * numbers are coerced from text. Messages that start with `validation.` are keys the
 * server translates into the request's language.
 */
export const text = (max: number = LIMITS.genericTextLengthMax) => z.string().trim().max(max);

export const requiredText = (max: number = LIMITS.genericTextLengthMax) =>
  z.string().trim().min(1, { error: 'validation.required' }).max(max);

export const intField = () => z.coerce.number({ error: 'validation.invalid_number' }).int();

export const positiveId = () => intField().positive();

export const email = () => z.string().trim().toLowerCase().max(LIMITS.emailLengthMax).pipe(z.email());

export const password = () =>
  z
    .string()
    .min(LIMITS.passwordLengthMin, { error: 'validation.password_length' })
    .max(LIMITS.passwordLengthMax, { error: 'validation.password_length' })
    .regex(/[A-Za-z]/, { error: 'validation.password_weak' })
    .regex(/[0-9]/, { error: 'validation.password_weak' });

export const verificationCode = () =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${LIMITS.verificationCodeDigits}}$`), { error: 'validation.code_format' });

/** The `t` cache-busting parameter of spec section 7: accepted on every call and ignored. */
export const cacheBuster = z.union([z.string(), z.number()]).optional();
