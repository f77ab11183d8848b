import { Captcha } from '@meridian/contract/settings';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getCaptcha(signal?: AbortSignal): Promise<Captcha> {
  return api.get('/api/default/captcha', undefined, { schema: Captcha, signal });
}

/** A fresh captcha each time it is asked for; an old one is never shown again. */
export function useCaptcha(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => getCaptcha(signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
