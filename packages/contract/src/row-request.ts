import { z } from 'zod';
import { cacheBuster, positiveId } from './fields';

/** A call on one row (approve, reject, update, note...): the row's id, the call's own fields, and `t`. */
export const rowRequest = <Fields extends z.ZodRawShape>(fields: Fields) =>
  z.object({ id: positiveId(), ...fields, t: cacheBuster });
