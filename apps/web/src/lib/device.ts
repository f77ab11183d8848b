import { WEB_LIMITS } from './limits';
import { replaceFirstSubdomain } from './subdomain';

/** What the browser tells about itself; kept apart from `window` so the rule is pure and testable. */
export type DeviceTraits = {
  userAgent: string;
  /** `(pointer: fine)`: a mouse or trackpad rather than a finger. */
  pointerFine: boolean;
  viewportWidthPx: number;
};

const MOBILE_USER_AGENT = /Android|iPhone|iPad|iPod|Mobile|Windows Phone|HarmonyOS|Opera Mini|IEMobile/i;

/**
 * A desktop browser: not a phone or tablet by its user agent, driven by a fine pointer, and wide.
 * iPadOS claims to be a Mac, but its pointer is coarse, so it stays a mobile device.
 */
export function isDesktopBrowser(traits: DeviceTraits): boolean {
  if (MOBILE_USER_AGENT.test(traits.userAgent)) return false;
  return traits.pointerFine && traits.viewportWidthPx >= WEB_LIMITS.desktopViewportWidthMinPx;
}

/** The subdomain of the desktop site. */
export const DESKTOP_SUBDOMAIN = 'www';

/**
 * The desktop site's address: the page origin with the first subdomain replaced by `www`
 * (`https://m.example.com` -> `https://www.example.com`). Null where there is no separate
 * desktop site to point at: localhost, an IP address, or when the page already is the `www` host.
 */
export function desktopSiteOrigin(pageOrigin: string): string | null {
  const desktop = replaceFirstSubdomain(pageOrigin, DESKTOP_SUBDOMAIN);
  if (desktop === null || desktop === new URL(pageOrigin).origin) return null;
  return desktop;
}

export function readDeviceTraits(): DeviceTraits {
  return {
    userAgent: navigator.userAgent,
    pointerFine: window.matchMedia?.('(pointer: fine)').matches ?? false,
    viewportWidthPx: window.innerWidth,
  };
}
