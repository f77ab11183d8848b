import { fileURLToPath } from 'node:url';

// This file sits at the root of src/, and the bundle puts everything in dist/main.js: both are one
// level under apps/server, so the same relative URLs work from source (tests, tsx) and from the build.
export const MIGRATIONS_DIR = fileURLToPath(new URL('./db/migrations/', import.meta.url));
export const WEB_DIST_DIR = fileURLToPath(new URL('../../web/dist/', import.meta.url));
export const ADMIN_DIST_DIR = fileURLToPath(new URL('../../admin/dist/', import.meta.url));
