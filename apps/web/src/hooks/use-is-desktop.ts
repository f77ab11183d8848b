import { useSyncExternalStore } from 'react';

/**
 * From this width the app is a desktop terminal: a top navigation instead of the tab bar,
 * and the trade page's quotes, chart, ticket and orders on one screen. The CSS uses the same width
 * (apps/web/src/app/styles/layout.css, the `min-width: 1024px` media queries).
 */
export const DESKTOP_MIN_WIDTH_PX = 1024;
export const DESKTOP_QUERY = `(min-width: ${DESKTOP_MIN_WIDTH_PX}px)`;

function desktopMedia(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(DESKTOP_QUERY)
    : null;
}

function subscribe(onChange: () => void): () => void {
  const media = desktopMedia();
  if (!media) return () => {};
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
}

/** Whether the window is desktop-wide now; without matchMedia (tests, old browsers) the phone layout. */
export function isDesktopNow(): boolean {
  return desktopMedia()?.matches ?? false;
}

/**
 * Whether the window is desktop-wide, following resizes. Only for where the component tree must
 * differ (a panel always mounted instead of a popup); everything else is CSS.
 */
export function useIsDesktop(): boolean {
  return useSyncExternalStore(subscribe, isDesktopNow, () => false);
}
