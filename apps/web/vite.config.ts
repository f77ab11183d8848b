import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import packageJson from './package.json' with { type: 'json' };

/**
 * The API server the dev server forwards to (the production build is served by that server
 * itself). MERIDIAN_DEV_API_TARGET points it elsewhere, e.g. a server started on another port.
 */
const DEFAULT_API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig(({ mode }) => {
  const target = loadEnv(mode, '.', 'MERIDIAN_').MERIDIAN_DEV_API_TARGET || DEFAULT_API_TARGET;
  return {
    plugins: [react()],
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version),
    },
    resolve: {
      // antd-mobile's own dependencies declare React 18 peers; one React instance is a must for hooks.
      dedupe: ['react', 'react-dom'],
    },
    server: {
      proxy: {
        '/api': { target, changeOrigin: true },
        '/v1': { target, changeOrigin: true, ws: true },
        '/docs': { target, changeOrigin: true },
        '/healthz': { target, changeOrigin: true },
      },
    },
    build: {
      target: 'es2022',
      sourcemap: true,
    },
  };
});
