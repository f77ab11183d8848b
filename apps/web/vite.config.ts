import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import packageJson from './package.json' with { type: 'json' };

/** The API server the dev server forwards to; the production build is served by that server itself. */
const API_TARGET = 'http://127.0.0.1:8080';

export default defineConfig({
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
      '/api': { target: API_TARGET, changeOrigin: true },
      '/v1': { target: API_TARGET, changeOrigin: true, ws: true },
      '/docs': { target: API_TARGET, changeOrigin: true },
      '/healthz': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
  },
});
