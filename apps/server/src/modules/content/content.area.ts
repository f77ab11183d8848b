import type { Area, AreaRegistration } from '../area';
import { contentBackOfficeRoutes } from './admin-content.routes';
import { contentRoutes } from './content.routes';

/** The content area: news, announcements and companies. */
const registerContent: AreaRegistration = async (app, context) => {
  await app.register(contentRoutes, { context });
};

export const contentArea: Area = {
  name: 'content',
  needs: ['auth'],
  register: registerContent,
  backOffice: () => contentBackOfficeRoutes,
};
