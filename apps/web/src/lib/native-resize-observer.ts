/**
 * The browser's own ResizeObserver, standing in for `resize-observer-polyfill` (which antd-mobile's
 * helpers import) in the production build: every browser the app supports has had it since 2020, and
 * the polyfill would cost the first screen's download about 2.5 KB (vite.config.ts aliases it).
 */
export default globalThis.ResizeObserver;
