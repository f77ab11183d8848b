import type { Area, AreaRegistration } from '../area';
import { kycBackOfficeRoutes } from './admin-kyc.routes';
import { kycRoutes } from './kyc.routes';

/** The real-name verification area. */
const registerKyc: AreaRegistration = async (app, context) => {
  await app.register(kycRoutes, { context });
};

export const kycArea: Area = {
  name: 'kyc',
  needs: ['auth'],
  register: registerKyc,
  backOffice: () => kycBackOfficeRoutes,
};
