import { BasicInfo } from '@meridian/contract/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const BASIC_INFO_STALE_MS = 5 * 60_000;

export function getBasicInfo(): Promise<BasicInfo> {
  return api.get('/api/basicSet/getBasicInfo', undefined, { schema: BasicInfo });
}

/** Base settings of spec section 3 (service link, registration check, fee rule). */
export function useBasicInfo() {
  return useQuery({
    queryKey: ['settings', 'basic-info'],
    queryFn: getBasicInfo,
    staleTime: BASIC_INFO_STALE_MS,
  });
}
