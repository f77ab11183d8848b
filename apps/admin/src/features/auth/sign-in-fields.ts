export type SignInFields = { email: string; password: string; code?: string; recovery_code?: string };

/**
 * What a sign-in sends: the e-mail and password with the authenticator's code, or with a recovery
 * code when the form asked for one (never both: the field not shown may still hold an old value).
 */
export function signInRequest(values: SignInFields, useRecovery: boolean): SignInFields {
  const { code, recovery_code, ...rest } = values;
  return useRecovery ? { ...rest, recovery_code } : { ...rest, code };
}
