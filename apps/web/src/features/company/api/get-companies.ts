import { type Company, CompanyList } from '@meridian/contract/content';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { WEB_LIMITS } from '../../../lib/limits';

/** GET /api/company/getCompany: companies whose name contains `name` (any case); all when empty. */
export function getCompanies(name: string, signal?: AbortSignal): Promise<Company[]> {
  return api.get('/api/company/getCompany', { name: name || undefined }, { schema: CompanyList, signal });
}

/** The previous answer stays on screen while the next search runs, so the list does not blink. */
export function useCompanies(name: string) {
  return useQuery({
    queryKey: ['company', 'search', name],
    queryFn: ({ signal }) => getCompanies(name, signal),
    placeholderData: keepPreviousData,
    staleTime: WEB_LIMITS.companiesStaleMs,
  });
}
