import { CompanyStatus } from '@meridian/contract/content';
import { api } from '../../../lib/api-client';

/** GET /api/company/getCompanyStatus, quietly: a start-up check the customer should never see fail. */
export function getCompanyStatus(): Promise<CompanyStatus> {
  return api.get('/api/company/getCompanyStatus', undefined, {
    schema: CompanyStatus,
    silent: true,
    init: true,
  });
}
