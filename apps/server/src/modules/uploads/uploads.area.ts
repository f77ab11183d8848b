import type { AreaRegistration } from '../area';
import { uploadRoutes } from './uploads.routes';

/** The uploads area: image uploads and their signed addresses. */
export const registerUploads: AreaRegistration = async (app, context) => {
  await app.register(uploadRoutes, { context });
};
