import type { Area, AreaRegistration } from '../area';
import { captchaRoutes } from './captcha.routes';

/** The captcha area: image captchas for sign-up. */
const registerCaptcha: AreaRegistration = async (app, context) => {
  await app.register(captchaRoutes, { context });
};

export const captchaArea: Area = { name: 'captcha', needs: ['auth'], register: registerCaptcha };
