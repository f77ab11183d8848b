import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';

/** The API server the dev server forwards to; the production build is served by that server under /admin. */
const DEFAULT_API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  const target = loadEnv(mode, '.', 'MERIDIAN_').MERIDIAN_DEV_API_TARGET || DEFAULT_API_TARGET;
  return {
    // Its own bundle under /admin: the customer app never loads any of it.
    base: '/admin/',
    plugins: [react()],
    resolve: { dedupe: ['react', 'react-dom'] },
    server: {
      proxy: {
        '/admin/api': { target, changeOrigin: true },
        // The staff socket (the support console's live feed).
        '/admin/ws': { target, changeOrigin: true, ws: true },
      },
    },
    build: { target: 'es2022', sourcemap: 'hidden' },
  };
});
