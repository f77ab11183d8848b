import type { AreaRegistration } from '../area';
import { kycRoutes } from './kyc.routes';

/** The real-name verification area. */
export const registerKyc: AreaRegistration = async (app, context) => {
  await app.register(kycRoutes, { context });
};
