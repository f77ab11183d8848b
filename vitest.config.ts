import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      { test: { name: 'domain', root: 'packages/domain', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'web-kit', root: 'packages/web-kit', include: ['src/**/*.test.{ts,tsx}'] } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // One PGlite per worker, shared by the files that worker runs (each in its own schema).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // antd-mobile as the app's bundle has it (its ES modules), not the CommonJS build Node would
        // pick: the app imports Toast by its own path, which must meet the same render hook as the rest.
        resolve: { alias: [{ find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' }] },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          server: { deps: { inline: ['antd-mobile'] } },
        },
      },
      { test: { name: 'admin', root: 'apps/admin', include: ['src/**/*.test.ts'] } },
      // The benchmarks' own arithmetic (bench/web's report); the benchmarks themselves run apart.
      { test: { name: 'bench', root: 'bench', include: ['**/*.test.ts'] } },
      {
        test: {
          name: 'e2e',
          root: 'e2e',
          include: ['**/*.e2e.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // expect.poll waits for a state; vitest's default gives it one second, which a loaded
          // machine misses (a role change's answer and the table's refetch took longer once).
          // A poll whose state holds returns at once, so only a state that never comes waits this long.
          expect: { poll: { timeout: 20_000 } },
        },
      },
    ],
  },
});
