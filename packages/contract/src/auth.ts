import { z } from 'zod';
import {
  cacheBuster,
  email,
  intField,
  password,
  positiveId,
  requiredText,
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
  uid: z.string(),
  email: z.string(),
  mobile: z.string(),
  area_code: z.string(),
  is_demo: z.union([z.literal(0), z.literal(1)]),
  invite_code: z.string(),
  invited_count: z.number().int(),
  created_at: z.string(),
});
export type User = z.infer<typeof User>;

/** Login, demo login and register answer a session token and the user. */
export const SessionData = z.object({ token: z.string(), user: User });
export type SessionData = z.infer<typeof SessionData>;

const mobileNumber = () =>
  z
    .string()
    .trim()
    .regex(new RegExp(`^[0-9]{${LIMITS.mobileDigitsMin},${LIMITS.mobileDigitsMax}}$`), {
      error: 'validation.mobile_format',
    });

export const LoginRequest = z.object({
  type: IdentifierType.default('email'),
  account: requiredText(LIMITS.emailLengthMax),
  area_id: positiveId().optional(),
  password: requiredText(LIMITS.passwordLengthMax),
  t: cacheBuster,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

export const DemoLoginQuery = z.object({
  demo_id: z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${LIMITS.demoDeviceIdLengthMin},${LIMITS.demoDeviceIdLengthMax}}$`), {
      error: 'validation.demo_id',
    }),
  t: cacheBuster,
});

export const RegisterRequest = z.object({
  type: IdentifierType,
  account: text(LIMITS.emailLengthMax).optional(),
  mobile: text(LIMITS.mobileDigitsMax).optional(),
  area_id: positiveId().optional(),
  password: password(),
  re_password: requiredText(LIMITS.passwordLengthMax),
  invite_code: text(LIMITS.inviteCodeLength * 2).optional(),
  /** The e-mail or SMS code, or the captcha text when verify_reg_type is 2. */
  sms_code: requiredText(16),
  /** The captcha key when verify_reg_type is 2. */
  key: text(64).optional(),
  t: cacheBuster,
});
export type RegisterRequest = z.infer<typeof RegisterRequest>;

/** Purposes of a verification code: 1 register, 2 reset (forgot), 3 change password. */
export const CodePurpose = z.coerce
  .number({ error: 'validation.code_purpose' })
  .int()
  .refine((value) => value === 1 || value === 2 || value === 3, { error: 'validation.code_purpose' });
export const CODE_PURPOSE = { register: 1, reset: 2, changePassword: 3 } as const;

export const SendEmailRequest = z.object({
  email: email().optional(),
  type: CodePurpose,
  t: cacheBuster,
});

export const SendSmsRequest = z.object({
  to: mobileNumber(),
  area_id: positiveId(),
  type: CodePurpose.refine((value) => value !== 3, { error: 'validation.code_purpose' }),
  t: cacheBuster,
});

export const AmendPasswordRequest = z.object({
  new_password: password(),
  re_password: text(LIMITS.passwordLengthMax).optional(),
  auth_code: verificationCode(),
  type: intField().optional(),
  t: cacheBuster,
});

export const ForgetPasswordRequest = z.object({
  type: IdentifierType,
  account: requiredText(LIMITS.emailLengthMax),
  area_id: positiveId().optional(),
  new_password: password(),
  secondary_password: requiredText(LIMITS.passwordLengthMax),
  auth_code: verificationCode(),
  t: cacheBuster,
});

export const mobileField = mobileNumber;
