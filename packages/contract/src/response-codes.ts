/**
 * Response codes of spec section 8: 1 success, 999 session invalid, anything else a rejection.
 * Without zod, so the apps' request code reads them without loading the schemas (see trading-codes.ts).
 */
export const ResponseCode = {
  success: 1,
  rejected: 0,
  sessionInvalid: 999,
} as const;
