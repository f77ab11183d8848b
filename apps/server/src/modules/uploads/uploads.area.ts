import type { Area, AreaRegistration } from '../area';
import { uploadRoutes } from './uploads.routes';

/** The uploads area: image uploads and their signed addresses. */
const registerUploads: AreaRegistration = async (app, context) => {
  await app.register(uploadRoutes, { context });
};

export const uploadsArea: Area = { name: 'uploads', needs: ['auth'], register: registerUploads };
