import { z } from 'zod';
import {
  cacheBuster,
  email,
  idOrZero,
  intField,
  optionalId,
  password,
  patternText,
  positiveId,
  requiredText,
  serverText,
  text,
  verificationCode,
} from './fields';
import { LIMITS } from './limits';

/** Login identifier types of spec section 3. */
export const IdentifierType = z.enum(['email', 'mobile'], { error: 'validation.identifier_type' });
export type IdentifierType = z.infer<typeof IdentifierType>;

/** The spec's User, plus the fields the app needs to show who is signed in. */
export const User = z.object({
  id: z.number().int(),
  uid: serverText(),
  /** Empty when the account was registered by mobile number, and for demo users. */
  email: serverText(),
  /** Empty when the account was registered by e-mail, and for demo users. */
  mobile: serverText(),
  /** The calling code of `mobile`, such as `+852`; empty without a mobile number. */
  area_code: serverText(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  invite_code: serverText(),
  /** How many users registered with this user's invite code. */
  invited_count: z.number().int(),
  created_at: serverText(),
});
export type User = z.infer<typeof User>;

/** Login, demo login and register answer a session token and the user. */
export const SessionData = z.object({ token: serverText(), user: User });
export type SessionData = z.infer<typeof SessionData>;

const MOBILE_PATTERN = new RegExp(`^[0-9]{${LIMITS.mobileDigitsMin},${LIMITS.mobileDigitsMax}}$`);
/** A number in international form: `+`, the calling code and the number (E.164), no area_id needed. */
const INTERNATIONAL_MOBILE_PATTERN = new RegExp(
  `^\\+[0-9]{${LIMITS.mobileDigitsMin},${LIMITS.mobileDigitsMax}}$`,
);
const EMAIL_CHECK = z.email();

const mobileNumber = () => patternText(MOBILE_PATTERN, 'validation.mobile_format');

type IdentifierFields = { type: IdentifierType; account?: string | undefined; area_id?: number | undefined };

/**
 * Cross-field rules of an identifier: an e-mail must look like one; a mobile number is digits with
 * its area code, or without one either in international form (`+85291234567`) or as a number of the
 * default area (spec section 2: the list's second entry); the server resolves which.
 * Issues carry the path of the field to fix, so the message names it.
 */
function checkIdentifier(value: IdentifierFields, context: z.RefinementCtx, numberField = 'account'): void {
  const account = value.account ?? '';
  if (value.type === 'email') {
    if (account === '')
      context.addIssue({ code: 'custom', path: ['account'], message: 'validation.required' });
    else if (!EMAIL_CHECK.safeParse(account).success) {
      context.addIssue({ code: 'custom', path: ['account'], message: 'validation.invalid_email' });
    }
    return;
  }
  if (account === '')
    context.addIssue({ code: 'custom', path: [numberField], message: 'validation.required' });
  else if (
    !MOBILE_PATTERN.test(account) &&
    !(value.area_id === undefined && INTERNATIONAL_MOBILE_PATTERN.test(account))
  ) {
    context.addIssue({ code: 'custom', path: [numberField], message: 'validation.mobile_format' });
  }
}

function checkSamePassword(
  first: string,
  second: string | undefined,
  field: string,
  context: z.RefinementCtx,
): void {
  if (second !== undefined && first !== second) {
    context.addIssue({ code: 'custom', path: [field], message: 'validation.passwords_differ' });
  }
}

/**
 * The plain field shapes, for forms that want to pick or extend them; the `...Request` schemas
 * below add the cross-field rules (zod refuses to extend a schema that carries refinements).
 */
export const LoginFields = z.object({
  type: IdentifierType.default('email'),
  account: requiredText(LIMITS.emailLengthMax),
  area_id: optionalId(),
  password: requiredText(LIMITS.passwordLengthMax),
  t: cacheBuster,
});
export const LoginRequest = LoginFields.superRefine((value, context) => checkIdentifier(value, context));
export type LoginRequest = z.infer<typeof LoginRequest>;

export const DemoLoginQuery = z.object({
  demo_id: patternText(
    new RegExp(`^[A-Za-z0-9_-]{${LIMITS.demoDeviceIdLengthMin},${LIMITS.demoDeviceIdLengthMax}}$`),
    'validation.demo_id',
  ),
  t: cacheBuster,
});
export type DemoLoginQuery = z.infer<typeof DemoLoginQuery>;

export const RegisterFields = z.object({
  type: IdentifierType,
  /** The e-mail address, or the mobile number when `type` is `mobile`. */
  account: text(LIMITS.emailLengthMax).optional(),
  /** Also accepted as the mobile number when `type` is `mobile` and `account` is empty. */
  mobile: text(LIMITS.mobileDigitsMax).optional(),
  area_id: optionalId(),
  password: password(),
  re_password: requiredText(LIMITS.passwordLengthMax),
  invite_code: text(LIMITS.inviteCodeLength * 2).optional(),
  /** The e-mail or SMS code, or the captcha text when verify_reg_type is 2. */
  sms_code: requiredText(LIMITS.registrationCodeLengthMax),
  /** The captcha key when verify_reg_type is 2. */
  key: text(LIMITS.captchaKeyLengthMax).optional(),
  /**
   * Acceptance of the terms and of the risk warning (not in the spec): the version
   * the customer ticked, 0 when the box is not ticked. A client that sends either must send both,
   * ticked, of the current versions; a client that sends neither (written against the spec)
   * registers with its acceptance "not recorded" (docs/decisions.md).
   */
  terms_version: idOrZero().optional(),
  risk_version: idOrZero().optional(),
  t: cacheBuster,
});
export const RegisterRequest = RegisterFields.superRefine((value, context) => {
  const numberField = value.type === 'mobile' && !value.account && value.mobile ? 'mobile' : 'account';
  const account = value.type === 'mobile' ? value.account || value.mobile : value.account;
  checkIdentifier({ ...value, account }, context, numberField);
  checkSamePassword(value.password, value.re_password, 're_password', context);
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Purposes of a verification code: 1 register, 2 reset (forgot), 3 change password. */
export const CodePurpose = z.coerce
  .number({ error: 'validation.code_purpose' })
  .int()
  .refine((value) => value === 1 || value === 2 || value === 3, { error: 'validation.code_purpose' });
export const CODE_PURPOSE = { register: 1, reset: 2, changePassword: 3 } as const;
export type CodePurposeValue = (typeof CODE_PURPOSE)[keyof typeof CODE_PURPOSE];

export const SendEmailRequest = z.object({
  /** Without it (and always for type 3) the code goes to the signed-in user's own address. */
  email: email().optional(),
  type: CodePurpose,
  t: cacheBuster,
});
export type SendEmailRequest = z.infer<typeof SendEmailRequest>;

export const SendSmsRequest = z.object({
  to: mobileNumber(),
  area_id: positiveId(),
  type: CodePurpose.refine((value) => value !== 3, { error: 'validation.code_purpose' }),
  t: cacheBuster,
});
export type SendSmsRequest = z.infer<typeof SendSmsRequest>;

/** A code was sent (or, for an unknown account on reset, silently not): when another may be asked. */
export const CodeSent = z.object({ resend_seconds: z.number().int() });
export type CodeSent = z.infer<typeof CodeSent>;

export const AmendPasswordFields = z.object({
  new_password: password(),
  re_password: text(LIMITS.passwordLengthMax).optional(),
  auth_code: verificationCode(),
  /**
   * The spec's `type` (`email` or `mobile`, as the other calls take it; a number is accepted too).
   * The code always goes to the account's own address, so it changes nothing.
   */
  type: z.union([IdentifierType, intField()], { error: 'validation.identifier_type' }).optional(),
  t: cacheBuster,
});
export const AmendPasswordRequest = AmendPasswordFields.superRefine((value, context) =>
  checkSamePassword(value.new_password, value.re_password || undefined, 're_password', context),
);
export type AmendPasswordRequest = z.infer<typeof AmendPasswordRequest>;

export const ForgetPasswordFields = z.object({
  type: IdentifierType,
  account: requiredText(LIMITS.emailLengthMax),
  area_id: optionalId(),
  new_password: password(),
  secondary_password: requiredText(LIMITS.passwordLengthMax),
  auth_code: verificationCode(),
  t: cacheBuster,
});
export const ForgetPasswordRequest = ForgetPasswordFields.superRefine((value, context) => {
  checkIdentifier(value, context);
  checkSamePassword(value.new_password, value.secondary_password, 'secondary_password', context);
});
export type ForgetPasswordRequest = z.infer<typeof ForgetPasswordRequest>;

/** Calls that send only the cache buster (logout, info). */
export const EmptyRequest = z.object({ t: cacheBuster });

export const mobileField = mobileNumber;
