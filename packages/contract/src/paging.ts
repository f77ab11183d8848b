import { z } from 'zod';
import { wholeNumber } from './fields';
import { LIMITS } from './limits';

/** Page of a list: 1-based, at most LIMITS.pageSizeMax rows. */
export const pageField = () => wholeNumber().min(1).max(LIMITS.pageNumberMax).default(1);
export const limitField = (defaultSize: number) =>
  wholeNumber().min(1).max(LIMITS.pageSizeMax).default(defaultSize);

/** A list's page and page size, `defaultSize` rows unless asked otherwise. */
export const pagingFields = (defaultSize: number) => ({ page: pageField(), limit: limitField(defaultSize) });

/** The answer of a paged list: one page of `item`, the rows of every page, and the page asked for. */
export const pageOf = <Item extends z.ZodType>(item: Item) =>
  z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });
