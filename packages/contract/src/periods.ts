/** Chart periods of spec section 9, in a file without zod so the first screen can read them cheaply. */
export const PERIOD_LABELS = ['1M', '5M', '15M', '30M', '1H', '1D'] as const;
export type PeriodLabel = (typeof PERIOD_LABELS)[number];
