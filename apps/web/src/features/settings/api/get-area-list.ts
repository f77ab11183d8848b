import { type AreaCode, AreaList } from '@meridian/contract/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getAreaList(): Promise<AreaCode[]> {
  return api.get('/api/default/area_list', undefined, { schema: AreaList });
}

/** Country calling codes; names come in the request's language, so a language switch refetches. */
export function useAreaList() {
  return useQuery({
    queryKey: ['settings', 'area-list'],
    queryFn: getAreaList,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
