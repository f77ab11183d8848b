import { z } from 'zod';
import { serverText } from './fields';

export { ResponseCode } from './response-codes';

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
