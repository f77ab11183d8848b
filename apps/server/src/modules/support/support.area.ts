import type { AreaRegistration } from '../area';
import { supportRoutes } from './support.routes';

/**
 * The customer-service area: the customers' side of the chat. The agents' side
 * (`supportBackOfficeRoutes`) is mounted by the back office, behind its staff guard.
 */
export const registerSupport: AreaRegistration = async (app, context) => {
  await app.register(supportRoutes, { context });
};
