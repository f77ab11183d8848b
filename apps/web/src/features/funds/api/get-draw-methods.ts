import { type DrawMethod, DrawMethodList } from '@meridian/contract/wallet';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { type DrawKind, FUNDS_KEYS } from './funds-keys';

/** GET /api/wallet/get_draw_method?draw_type: the customer's own bound methods of one kind, newest first. */
export function getDrawMethods(drawType: DrawKind, signal?: AbortSignal): Promise<DrawMethod[]> {
  return api.get('/api/wallet/get_draw_method', { draw_type: drawType }, { schema: DrawMethodList, signal });
}

/**
 * All methods of a kind in one entry (at most LIMITS.drawMethodsPerUserMax); the withdrawal form
 * keeps those of the chosen currency. Read afresh on each visit: another device may have changed them.
 */
export function useDrawMethods(drawType: DrawKind) {
  return useQuery({
    queryKey: FUNDS_KEYS.drawMethodsOf(drawType),
    queryFn: ({ signal }) => getDrawMethods(drawType, signal),
    staleTime: 0,
  });
}
