/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Unset: the page's own origin. `derived`: the spec's api-subdomain rule. Otherwise an origin. */
  readonly VITE_API_ORIGIN?: string;
  /** The app version shown on the system page; set by vite.config.ts from package.json. */
  readonly VITE_APP_VERSION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
