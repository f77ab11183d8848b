import type { AreaRegistration } from '../area';
import { legalRoutes } from './legal.routes';

/** The legal area: the terms and the risk warning customers accept at sign-up. */
export const registerLegal: AreaRegistration = async (app, context) => {
  await app.register(legalRoutes, { context });
};
