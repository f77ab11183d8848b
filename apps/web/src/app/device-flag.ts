import { isDesktopBrowser, readDeviceTraits } from '../lib/device';

/**
 * Marks `<html data-device>` as desktop or mobile, for styles and later for the desktop layout
 * (ARCHITECTURE: a wide screen gets a desktop layout of the same app). Read once at start-up and
 * again when the window is resized past the width rule.
 */
export function installDeviceFlag(root: HTMLElement = document.documentElement): void {
  const apply = () => {
    root.dataset.device = isDesktopBrowser(readDeviceTraits()) ? 'desktop' : 'mobile';
  };
  apply();
  window.addEventListener('resize', apply, { passive: true });
}
