import { describe, expect, it } from 'vitest';
import { desktopSiteOrigin, isDesktopBrowser } from './device';

const CHROME_DESKTOP =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
const ANDROID_TABLET =
  'Mozilla/5.0 (Linux; Android 14; SM-X910) AppleWebKit/537.36 Chrome/140.0 Safari/537.36';

describe('isDesktopBrowser', () => {
  it('is true for a desktop browser with a mouse on a wide screen', () => {
    expect(isDesktopBrowser({ userAgent: CHROME_DESKTOP, pointerFine: true, viewportWidthPx: 1440 })).toBe(
      true,
    );
  });

  it('is false for a phone, even a wide one with a fine pointer', () => {
    expect(isDesktopBrowser({ userAgent: IPHONE, pointerFine: true, viewportWidthPx: 1440 })).toBe(false);
    expect(isDesktopBrowser({ userAgent: ANDROID_TABLET, pointerFine: true, viewportWidthPx: 1280 })).toBe(
      false,
    );
  });

  it('is false for an iPad that claims to be a Mac (coarse pointer)', () => {
    expect(isDesktopBrowser({ userAgent: IPAD_AS_MAC, pointerFine: false, viewportWidthPx: 1366 })).toBe(
      false,
    );
  });

  it('is false for a narrow desktop window', () => {
    expect(isDesktopBrowser({ userAgent: CHROME_DESKTOP, pointerFine: true, viewportWidthPx: 800 })).toBe(
      false,
    );
  });

  it('is true from exactly the minimum width', () => {
    expect(isDesktopBrowser({ userAgent: CHROME_DESKTOP, pointerFine: true, viewportWidthPx: 1024 })).toBe(
      true,
    );
    expect(isDesktopBrowser({ userAgent: CHROME_DESKTOP, pointerFine: true, viewportWidthPx: 1023 })).toBe(
      false,
    );
  });
});

describe('desktopSiteOrigin', () => {
  it('replaces the first subdomain with www', () => {
    expect(desktopSiteOrigin('https://m.meridian.example')).toBe('https://www.meridian.example');
    expect(desktopSiteOrigin('https://app.example.com:8443')).toBe('https://www.example.com:8443');
  });

  it('puts www in front of a bare domain', () => {
    expect(desktopSiteOrigin('https://example.com')).toBe('https://www.example.com');
  });

  it('is null when there is no other site to point at', () => {
    expect(desktopSiteOrigin('https://www.example.com')).toBeNull();
    expect(desktopSiteOrigin('http://localhost:8080')).toBeNull();
    expect(desktopSiteOrigin('http://10.0.0.5:8080')).toBeNull();
  });
});
