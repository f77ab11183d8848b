import type { CompanyStatus } from '@meridian/contract/content';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';

const companyStatusSchema = lazySchema(() =>
  import('@meridian/contract/content').then((contract) => contract.CompanyStatus),
);

/** GET /api/company/getCompanyStatus, quietly: a start-up check the customer should never see fail. */
export function getCompanyStatus(): Promise<CompanyStatus> {
  return api.get('/api/company/getCompanyStatus', undefined, {
    schema: companyStatusSchema,
    silent: true,
    init: true,
  });
}
