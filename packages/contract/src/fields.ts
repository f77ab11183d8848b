import { z } from 'zod';
import { LIMITS } from './limits';

/**
 * Field building blocks. Fields arrive as query strings, form-urlencoded or JSON, so
 * numbers are coerced from text. Messages that start with `validation.` are keys the
 * server translates into the request's language.
 *
 * Every text of every schema goes through a block of this file (a test reads the contract for
 * any other `z.string()`, and another parses every field with a NUL in it), so the rules for text
 * at the edge live in one place:
 * - a control character (C0, DEL, C1), a line or paragraph separator, or half of a surrogate pair
 *   (text that is not Unicode) is refused with `validation.control_character`. PostgreSQL refuses
 *   a NUL in text, so without this a NUL answered 500; the others never belong in a name, a code
 *   or a search, and cannot be seen when shown back.
 * - multi-line text (a chat message) may also hold line feeds, carriage returns and tabs.
 * - refused, not stripped: the customer is told which field to fix, and what is stored is what
 *   was sent (trimmed).
 * Answers name their text `serverText()`: written by the server, never read from a request.
 */

const CONTROL_IN_LINE = /[\p{Cc}\p{Cs}\u2028\u2029]/u;
/** Any control but tab, line feed and carriage return; separators and lone surrogates too. */
const CONTROL_IN_MULTILINE = /[^\P{Cc}\t\n\r]|[\p{Cs}\u2028\u2029]/u;
const CONTROL_IN_LINE_EVERYWHERE = /[\p{Cc}\p{Cs}\u2028\u2029]/gu;

const controlRefusal = { error: 'validation.control_character' } as const;

/** True when single-line text holds no control character (the rule of every one-line field). */
export function isCleanLine(value: string): boolean {
  return !CONTROL_IN_LINE.test(value);
}

/** True when multi-line text holds no control character other than tab, line feed and return. */
export function isCleanMultiline(value: string): boolean {
  return !CONTROL_IN_MULTILINE.test(value);
}

/**
 * Text the server keeps without a schema to refuse it (a browser's user agent): every control
 * character is dropped instead, since no one is there to be told.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_IN_LINE_EVERYWHERE, '');
}

/** The start of every single-line block: a string with no control character, as sent. */
const line = () => z.string().refine(isCleanLine, controlRefusal);

/** The same, trimmed first: a space or a line break pasted around a value is not an error. */
const trimmedLine = () => z.string().trim().refine(isCleanLine, controlRefusal);

/** Single-line text, trimmed; empty is allowed (use `.optional()` for absent). */
export const text = (max: number = LIMITS.genericTextLengthMax) => trimmedLine().max(max);

export const requiredText = (max: number = LIMITS.genericTextLengthMax) =>
  trimmedLine().min(1, { error: 'validation.required' }).max(max);

/** Single-line text taken exactly as sent, not trimmed: tokens, signatures, path names. */
export const exactText = (max: number) => line().max(max);

/** Text of several lines (a chat message), trimmed: line feeds, returns and tabs are kept. */
export const multilineText = (max: number) =>
  z.string().trim().refine(isCleanMultiline, controlRefusal).max(max);

/** Single-line text, trimmed, in a fixed format; `key` names the format when it is not met. */
export const patternText = (pattern: RegExp, key?: string) =>
  trimmedLine().regex(pattern, key === undefined ? undefined : { error: key });

/** A text or a number, as the text of it, trimmed: amounts and codes that clients send either way. */
export const textOrNumber = (max: number = LIMITS.genericTextLengthMax) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(line().max(max));

const SERVER_TEXT = new WeakSet<z.ZodType>();

/**
 * A text of an answer or a push: the server's own data (stored after its request passed the
 * blocks above), so it is not checked again. Multi-line and HTML content pass as they are.
 */
export const serverText = (): z.ZodString => {
  const schema = z.string();
  SERVER_TEXT.add(schema);
  return schema;
};

/** True for a schema made by `serverText()` (the contract's test tells answers from requests). */
export function isServerText(schema: z.ZodType): boolean {
  return SERVER_TEXT.has(schema);
}

export const intField = () => z.coerce.number({ error: 'validation.invalid_number' }).int();

/**
 * A whole number from text or a number. The message is given for a non-number only: in zod 4 a
 * schema-wide `error` would also replace the messages of min and max, which name their bound.
 */
export const wholeNumber = () =>
  z.coerce
    .number({ error: (issue) => (issue.code === 'invalid_type' ? 'validation.invalid_number' : undefined) })
    .int();

/** A yes/no switch: true/false or 1/0, as JSON or text; anything else is refused. */
export const flag = () =>
  z
    .union([z.boolean(), textOrNumber()])
    .refine((value) => [true, false, '1', '0', 'true', 'false'].includes(value), {
      error: 'validation.invalid_choice',
    })
    .transform((value) => value === true || value === '1' || value === 'true');

/** A 0/1 flag as the spec's is_demo, "true"/"false" read too; anything else reads as false. */
export const truthyFlag = () =>
  z
    .union([z.boolean(), textOrNumber()])
    .transform((value) => value === true || value === '1' || value === 'true');

/** Ids are PostgreSQL `integer` columns: a larger one could only fail the query (HTTP 500). */
export const ID_MAX = 2_147_483_647;

/** An id as a query string or a form carries it: decimal digits only (no sign, point, exponent, hex). */
const ID_TEXT = /^[0-9]+$/;

/**
 * What an id block reads: a JSON number, or a text of digits (query strings and forms carry only
 * text). Never coerced from anything else: `true`, `[5]`, `{}`, `"1e3"` or `"0x10"` would all have
 * been read as a number by `Number()` (`true` as customer #1), so they are refused with
 * `validation.invalid_id`.
 */
const idInput = () =>
  z.union(
    [z.number(), z.string().trim().regex(ID_TEXT, { error: 'validation.invalid_id' }).transform(Number)],
    {
      error: (issue) => (issue.input === undefined ? 'validation.required' : 'validation.invalid_id'),
    },
  );

/** A row's id: a positive whole number within the integer column. */
export const positiveId = () =>
  idInput().pipe(z.number().int({ error: 'validation.invalid_id' }).positive().max(ID_MAX));

/**
 * An optional row's id where an empty text counts as absent: a form's `area_id=` left empty (the
 * spec's client sends its fields whether used or not).
 */
export const optionalId = () =>
  z
    .union([z.literal(''), positiveId()], { error: 'validation.invalid_id' })
    .transform((value) => (value === '' ? undefined : value))
    .optional();

/** A row's id where 0 means "none" or "every one" (a filter). */
export const idOrZero = () =>
  idInput().pipe(z.number().int({ error: 'validation.invalid_id' }).min(0).max(ID_MAX));

export const email = () => trimmedLine().toLowerCase().max(LIMITS.emailLengthMax).pipe(z.email());

export const password = () =>
  line()
    .min(LIMITS.passwordLengthMin, { error: 'validation.password_length' })
    .max(LIMITS.passwordLengthMax, { error: 'validation.password_length' })
    .regex(/[A-Za-z]/, { error: 'validation.password_weak' })
    .regex(/[0-9]/, { error: 'validation.password_weak' });

export const verificationCode = () =>
  patternText(new RegExp(`^[0-9]{${LIMITS.verificationCodeDigits}}$`), 'validation.code_format');

/** The `t` cache-busting parameter of spec section 7: accepted on every call and ignored. */
export const cacheBuster = textOrNumber(LIMITS.cacheBusterLengthMax).optional();
