import type { AreaRegistration } from '../area';
import { contentRoutes } from './content.routes';

/** The content area: news, announcements and companies. */
export const registerContent: AreaRegistration = async (app, context) => {
  await app.register(contentRoutes, { context });
};
