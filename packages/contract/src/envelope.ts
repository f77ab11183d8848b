import { z } from 'zod';
import { serverText } from './fields';

/** Response codes of spec section 8: 1 success, 999 session invalid, anything else a rejection. */
export const ResponseCode = {
  success: 1,
  rejected: 0,
  sessionInvalid: 999,
} as const;

/** Every answer is `{code, msg, data}`; a rejection carries `data: null`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: serverText(),
    data: data.nullable(),
  });
}

export const emptyData = z.object({}).strict();

export type Envelope<T> = { code: number; msg: string; data: T | null };
