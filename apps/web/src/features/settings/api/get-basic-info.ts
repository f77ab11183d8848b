import { BasicInfo } from '@meridian/contract/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

export function getBasicInfo(): Promise<BasicInfo> {
  return api.get('/api/basicSet/getBasicInfo', undefined, { schema: BasicInfo });
}

/** Base settings of spec section 3 (service link, registration check, fee rule). */
export function useBasicInfo() {
  return useQuery({
    queryKey: ['settings', 'basic-info'],
    queryFn: getBasicInfo,
    staleTime: WEB_LIMITS.basicInfoStaleMs,
  });
}
