import type { Area, AreaRegistration } from '../area';
import { legalBackOfficeRoutes } from './admin-legal.routes';
import { legalRoutes } from './legal.routes';

/** The legal area: the terms and the risk warning customers accept at sign-up. */
const registerLegal: AreaRegistration = async (app, context) => {
  await app.register(legalRoutes, { context });
};

export const legalArea: Area = {
  name: 'legal',
  needs: ['auth'],
  register: registerLegal,
  backOffice: () => legalBackOfficeRoutes,
};
