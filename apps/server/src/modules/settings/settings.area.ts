import type { Area, AreaRegistration } from '../area';
import { settingsBackOfficeRoutes } from './admin-settings.routes';
import { settingsRoutes } from './settings.routes';
import { settingsProposalHandlers } from './settings-admin.service';

/** The settings area: the public settings and calling codes. */
const registerSettings: AreaRegistration = async (app, context) => {
  await app.register(settingsRoutes, { context });
};

export const settingsArea: Area = {
  name: 'settings',
  needs: ['auth'],
  register: registerSettings,
  backOffice: () => settingsBackOfficeRoutes,
  proposals: settingsProposalHandlers,
};
