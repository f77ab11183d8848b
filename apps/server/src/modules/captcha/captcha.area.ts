import type { AreaRegistration } from '../area';
import { captchaRoutes } from './captcha.routes';

/** The captcha area: image captchas for sign-up. */
export const registerCaptcha: AreaRegistration = async (app, context) => {
  await app.register(captchaRoutes, { context });
};
