import { RealNameCenter, RealNameRequest } from '@meridian/contract/kyc';
import { NoQuery } from '@meridian/contract/settings';
import { customerRoutes } from '../../http/customer-routes';
import { routeTable } from '../../http/route-table';
import * as service from './kyc.service';

const withToken = customerRoutes({ tags: ['real-name'], token: true });

export const kycRoutes = routeTable([
  withToken.get('/api/user_real/center', NoQuery, RealNameCenter, service.getCenter),
  withToken.post('/api/user_real/real_name', RealNameRequest, RealNameCenter, service.submit),
]);
