import type { Area, AreaRegistration } from '../area';
import { adminSupportRoutes } from './admin-support.routes';
import { supportRoutes } from './support.routes';

/**
 * The customer-service area: the customers' side of the chat. The agents' side
 * (`adminSupportRoutes`) is mounted by the back office, behind its staff guard.
 */
const registerSupport: AreaRegistration = async (app, context) => {
  await app.register(supportRoutes, { context });
};

export const supportArea: Area = {
  name: 'support',
  needs: ['auth'],
  register: registerSupport,
  backOffice: () => adminSupportRoutes,
};
