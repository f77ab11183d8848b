import type { AreaRegistration } from '../area';
import { settingsRoutes } from './settings.routes';

/** The settings area: the public settings and calling codes. */
export const registerSettings: AreaRegistration = async (app, context) => {
  await app.register(settingsRoutes, { context });
};
