// Bundles the server into dist/main.js. Workspace packages (TypeScript sources) are bundled in;
// every other dependency stays in node_modules. Migrations are copied beside the bundle.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';
import pkg from './package.json' with { type: 'json' };

const here = new URL('.', import.meta.url).pathname;
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@meridian/'));

await rm(`${here}dist`, { recursive: true, force: true });
await build({
  entryPoints: [`${here}src/main.ts`],
  outfile: `${here}dist/main.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
await cp(`${here}src/db/migrations`, `${here}dist/db/migrations`, { recursive: true });
