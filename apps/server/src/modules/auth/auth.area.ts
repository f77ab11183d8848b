import type { Area, AreaRegistration } from '../area';
import { authGuard } from './auth.guard';
import { authRoutes } from './auth.routes';
import { verificationRoutes } from './verification.routes';

/**
 * The auth area: sign-up, sign-in, sessions and verification codes. Registered first, so that its
 * session check (an onRoute hook) and `request.user` reach every later area's routes.
 */
const registerAuth: AreaRegistration = async (app, context) => {
  await app.register(authGuard, { context });
  await app.register(authRoutes, { context });
  await app.register(verificationRoutes, { context });
};

export const authArea: Area = { name: 'auth', needs: [], register: registerAuth };
