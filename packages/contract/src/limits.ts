/**
 * Every limit of the product in one place (house style: put a limit on everything).
 * Units are in the name.
 */
export const LIMITS = {
  // Identity fields.
  emailLengthMax: 254,
  mobileDigitsMin: 5,
  mobileDigitsMax: 15,
  passwordLengthMin: 8,
  passwordLengthMax: 64,
  inviteCodeLength: 8,
  /** Public user number shown as `uid`. */
  uidDigits: 8,
  demoDeviceIdLengthMin: 8,
  demoDeviceIdLengthMax: 64,

  // Verification codes (ARCHITECTURE.md: 6 digits, 10 minutes, one use, at most 5 tries).
  verificationCodeDigits: 6,
  verificationCodeTtlSeconds: 600,
  verificationCodeAttemptsMax: 5,
  verificationCodeResendSeconds: 60,
  captchaTtlSeconds: 300,
  captchaLength: 4,
  captchaKeyLengthMax: 64,
  /** Longest text accepted in `sms_code`: a 6-digit code or a captcha answer. */
  registrationCodeLengthMax: 16,

  // Sessions: opaque token, sliding expiry.
  sessionTokenBytes: 32,
  sessionTtlDays: 30,
  sessionTouchIntervalSeconds: 3600,

  // Rate limits (count per window).
  loginFailuresPerAccount: 5,
  loginFailuresPerAccountWindowSeconds: 900,
  loginAttemptsPerAddress: 30,
  loginAttemptsPerAddressWindowSeconds: 900,
  codesPerDestination: 5,
  codesPerDestinationWindowSeconds: 3600,
  codesPerAddress: 20,
  codesPerAddressWindowSeconds: 3600,
  demoLoginsPerAddress: 30,
  demoLoginsPerAddressWindowSeconds: 3600,
  captchasPerAddress: 60,
  captchasPerAddressWindowSeconds: 3600,

  // Ledger: numeric(30, 8) columns hold at most 22 integer digits and 8 decimals.
  ledgerAmountIntegerDigitsMax: 22,
  ledgerAmountDecimalPlacesMax: 8,
  ledgerEntriesPerPostingMax: 16,

  // Transport.
  requestBodyBytesMax: 1024 * 1024,
  genericTextLengthMax: 500,
  pageSizeMax: 50,
} as const;
