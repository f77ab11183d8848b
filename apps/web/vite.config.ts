import path from 'node:path';
import react from '@vitejs/plugin-react';
import type { ChunkingContext, ModuleInfo } from 'rolldown';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { firstPaint } from './first-paint';
import packageJson from './package.json' with { type: 'json' };

/**
 * The API server the dev server forwards to (the production build is served by that server
 * itself). MERIDIAN_DEV_API_TARGET points it elsewhere, e.g. a server started on another port.
 */
const DEFAULT_API_TARGET = 'http://127.0.0.1:8080';

const initialModules = new WeakMap<ChunkingContext, Set<string>>();

/** The UI kit's index files, which re-export every component (or icon) from its own file. */
const BARREL = /\/node_modules\/(antd-mobile|antd-mobile-icons)\/es\/index\.js$/;
const BARREL_IMPORT = /import\s*\{([^}]*)\}\s*from\s*["'](antd-mobile|antd-mobile-icons)["']/g;
const RE_EXPORT = /export\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
const SIDE_EFFECT_IMPORT = /import\s*["']([^"']+)["']/g;

/** The names an import or export clause brings in: `a, b as c, type d, default as e` → a, b, d, e. */
function clauseNames(clause: string, side: 'imported' | 'exported'): string[] {
  return clause
    .split(',')
    .map((part) => part.trim().replace(/^type\s+/, ''))
    .filter(Boolean)
    .map((part) => {
      const [name = '', alias] = part.split(/\s+as\s+/);
      return side === 'exported' ? (alias ?? name) : name;
    });
}

/** The files of a barrel that export the wanted names, plus what it imports for side effects. */
function barrelTargets(info: ModuleInfo, wanted: ReadonlySet<string>): string[] {
  const dir = path.posix.dirname(info.id);
  const files = new Set<string>();
  for (const [, clause = '', source = ''] of (info.code ?? '').matchAll(RE_EXPORT)) {
    if (clauseNames(clause, 'exported').some((name) => wanted.has(name)))
      files.add(path.posix.join(dir, source));
  }
  for (const [, source = ''] of (info.code ?? '').matchAll(SIDE_EFFECT_IMPORT))
    files.add(path.posix.join(dir, source));
  return info.importedIds.filter((id) =>
    [...files].some((file) => id === file || id === `${file}.js` || id.startsWith(`${file}/`)),
  );
}

/**
 * The modules the entry imports statically, directly or not (what the first screen runs). Through
 * the UI kit's index files, only the components and icons the first screen's modules name: the
 * index reaches every one of them, and the rest load with the pages that use them.
 */
function initialModulesOf(context: ChunkingContext): Set<string> {
  let found = initialModules.get(context);
  if (found) return found;
  found = new Set();
  const wanted = new Map<string, Set<string>>();
  const barrels = new Set<string>();
  const queue = [path.resolve(import.meta.dirname, 'index.html')];
  while (queue.length > 0) {
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (found.has(id)) continue;
      found.add(id);
      const info = context.getModuleInfo(id);
      if (!info) continue;
      for (const [, clause = '', kit = ''] of (info.code ?? '').matchAll(BARREL_IMPORT)) {
        const names = wanted.get(kit) ?? new Set();
        for (const name of clauseNames(clause, 'imported')) names.add(name);
        wanted.set(kit, names);
      }
      if (BARREL.test(id)) {
        barrels.add(id);
        continue;
      }
      // Rolldown lists dynamic imports among importedIds too.
      const later = new Set(info.dynamicallyImportedIds);
      queue.push(...info.importedIds.filter((imported) => !later.has(imported)));
    }
    // The barrels last, once every module that names something in them has been read.
    for (const barrel of barrels) {
      const info = context.getModuleInfo(barrel);
      const kit = BARREL.exec(barrel)?.[1] ?? '';
      if (info)
        queue.push(...barrelTargets(info, wanted.get(kit) ?? new Set()).filter((id) => !found.has(id)));
    }
  }
  initialModules.set(context, found);
  return found;
}

/**
 * The libraries the first screen runs, and antd-mobile's helpers, components and icons it draws.
 * (Not everything the entry reaches: antd-mobile's index reaches every component, so the rest of
 * it is left to the default splitting, which loads each component with the pages that use it.)
 */
const BOOT_LIBRARIES = new RegExp(
  [
    '/node_modules/(react|react-dom|scheduler|react-router|@tanstack/[^/]+|i18next|react-i18next)/',
    '/node_modules/(zustand|use-sync-external-store|zod|decimal\\.js)/',
    // antd-mobile's small shared helpers, which would
    // otherwise be a dozen tiny files, or ride in a chunk with Toast and its animation library.
    // (Not its React 19 render hook, installed after the first paint: lib/antd-render-ready.ts.)
    '/node_modules/antd-mobile/es/utils/(?!reduce-and-restore-motion|use-tab-list-scroll|use-drag-and-pinch|unstable-render|render)',
    '/node_modules/rc-util/lib/(?!React/render)',
    '/node_modules/(antd-mobile/es/global|react-is|tslib|classnames)/',
    // All of Babel's helpers: split apart, the CommonJS ones import back into this chunk in a cycle
    // that runs a helper before it is defined (a blank page).
    '/node_modules/@babel/runtime/',
    '/node_modules/(ahooks|lodash|resize-observer-polyfill)/',
    // The components and icons the first screen draws: as their own files they were five more
    // requests of a few KB each, a round trip apiece on a phone's connection (see decisions.md).
    '/node_modules/antd-mobile/es/components/',
    '/node_modules/antd-mobile-icons/es/[A-Z]',
  ].join('|'),
);

/** Which of the two first-screen chunks a module goes to, or null for a module loaded later. */
function bootChunkName(moduleId: string, context: ChunkingContext): string | null {
  const initial = initialModulesOf(context);
  if (!initial.has(moduleId)) return null;
  if (!moduleId.includes('/node_modules/')) return 'boot';
  return BOOT_LIBRARIES.test(moduleId) ? 'boot-vendor' : null;
}

/** The chunks a page loads in the background once it has painted (trade.tsx: the drawer and the order form). */
const BACKGROUND_CHUNK = /\/(instrument-selector|trade-order-sheet)-[\w-]+\.js$/;

/**
 * The files a dynamic import asks for up front, beside the chunk: all of them (so a page's modules
 * download side by side, not one level of imports after another), except for a background chunk,
 * whose stylesheets alone are asked for (no script asks for them). Asking costs the main thread
 * about a millisecond a file on a phone; for the order form's ~40 files that was one of the trade
 * page's longest tasks, and a download in the background does not need to be side by side.
 */
function preloadedWith(filename: string, deps: string[]): string[] {
  return BACKGROUND_CHUNK.test(`/${filename}`) ? deps.filter((dep) => dep.endsWith('.css')) : deps;
}

/**
 * Records where the build sends its calls (VITE_API_ORIGIN, when set) in index.html, so the server
 * that serves the page lets it connect there (its content security policy, docs/decisions.md "API
 * on its own origin").
 */
function apiOriginMeta(apiOrigin: string | undefined): Plugin {
  return {
    name: 'meridian-api-origin-meta',
    transformIndexHtml() {
      const value = apiOrigin?.trim();
      if (!value) return [];
      return [{ tag: 'meta', attrs: { name: 'meridian-api-origin', content: value }, injectTo: 'head' }];
    },
  };
}

export default defineConfig(({ mode }) => {
  const target = loadEnv(mode, '.', 'MERIDIAN_').MERIDIAN_DEV_API_TARGET || DEFAULT_API_TARGET;
  const apiOrigin = loadEnv(mode, '.', 'VITE_').VITE_API_ORIGIN;
  return {
    plugins: [react(), ...firstPaint(import.meta.dirname), apiOriginMeta(apiOrigin)],
    define: {
      'import.meta.env.VITE_APP_VERSION': JSON.stringify(packageJson.version),
    },
    resolve: {
      // antd-mobile's own dependencies declare React 18 peers; one React instance is a must for hooks.
      dedupe: ['react', 'react-dom'],
      alias: {
        'resize-observer-polyfill': path.resolve(import.meta.dirname, 'src/lib/native-resize-observer.ts'),
      },
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
      // Maps for reading stack traces, referenced by no file and moved out of dist by scripts/precompress.mjs.
      sourcemap: 'hidden',
      modulePreload: { resolveDependencies: preloadedWith },
      rolldownOptions: {
        output: {
          // The first screen's modules (those the entry imports statically, directly or not) in two
          // files, libraries and the app's own, instead of ~40 small shared chunks; lazily loaded
          // pages keep their own chunks (docs/decisions.md "Web critical path").
          codeSplitting: {
            groups: [
              { name: bootChunkName, includeDependenciesRecursively: false },
              // The animation and gesture libraries of antd-mobile's dialogs, toasts and popups, which
              // the first screen does not show: kept out of the chunks it loads.
              {
                name: 'ui-motion',
                test: /\/node_modules\/(@react-spring|@use-gesture)\/|\/antd-mobile\/es\/utils\/(reduce-and-restore-motion|use-drag-and-pinch)\.js/,
                includeDependenciesRecursively: false,
              },
              // antd's render hook (what lib/antd-render.ts sets), on its own: every lazy page waits for
              // it, and in the toast's chunk it pulled the toast and the animation library (~31 KB gzip)
              // into the download of the page the address opens.
              {
                name: 'antd-render-hook',
                test: /\/antd-mobile\/es\/utils\/(unstable-render|render)\.js|\/rc-util\/lib\/React\/render\.js/,
                // With the helpers it needs that the first screen does not (Babel's, rc-util's warning).
              },
              // antd's ErrorBlock pictures, shown only when something fails, kept out of the shared helpers.
              {
                name: 'error-block',
                test: /\/antd-mobile\/es\/components\/error-block\//,
                includeDependenciesRecursively: false,
              },
            ],
          },
        },
      },
    },
  };
});
