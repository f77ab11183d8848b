import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { authGuard } from './auth/auth.guard';
import { authRoutes } from './auth/auth.routes';
import { verificationRoutes } from './auth/verification.routes';
import { captchaRoutes } from './captcha/captcha.routes';
import { contentRoutes } from './content/content.routes';
import { copyRoutes } from './copy/copy.routes';
import { kycRoutes } from './kyc/kyc.routes';
import { marketRoutes } from './market/market.routes';
import { settingsRoutes } from './settings/settings.routes';
import { ADMIN_API_PREFIX, adminApi } from './staff/admin-api';
import { supportRoutes } from './support/support.routes';
import { accountRoutes } from './trading/account.routes';
import { tradingRoutes } from './trading/trading.routes';
import { uploadRoutes } from './uploads/uploads.routes';

/** Every business area's routes, each a Fastify plugin given the shared context. */
export async function registerModules(app: FastifyInstance, context: ServerContext): Promise<void> {
  // First, so that `app.authenticate` and `request.user` reach every module's routes.
  await app.register(authGuard, { context });
  await app.register(settingsRoutes, { context });
  await app.register(captchaRoutes, { context });
  await app.register(authRoutes, { context });
  await app.register(verificationRoutes, { context });
  await app.register(marketRoutes, { context });
  await app.register(uploadRoutes, { context });
  await app.register(kycRoutes, { context });
  await app.register(contentRoutes, { context });
  await app.register(supportRoutes, { context });
  await app.register(tradingRoutes, { context });
  await app.register(accountRoutes, { context });
  await app.register(copyRoutes, { context });
  // The back office: a sibling context with its own auth hook (STYLE.md, Fastify).
  await app.register(adminApi, { context, prefix: ADMIN_API_PREFIX });
}
