import { describe, expect, it } from 'vitest';
import { deriveApiOrigin, resolveApiOrigin } from './api-origin';

describe('deriveApiOrigin (spec section 7: first subdomain replaced by api)', () => {
  it('replaces the first subdomain', () => {
    expect(deriveApiOrigin('https://m.meridian.example')).toBe('https://api.meridian.example');
    expect(deriveApiOrigin('https://www.a.b.example.com')).toBe('https://api.a.b.example.com');
  });

  it('keeps scheme and port', () => {
    expect(deriveApiOrigin('http://app.example.com:8443')).toBe('http://api.example.com:8443');
  });

  it('puts api in front of a bare domain', () => {
    expect(deriveApiOrigin('https://example.com')).toBe('https://api.example.com');
  });

  it('keeps the page origin where there is no subdomain to swap', () => {
    expect(deriveApiOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(deriveApiOrigin('http://192.168.1.20:8080')).toBe('http://192.168.1.20:8080');
    expect(deriveApiOrigin('http://[::1]:8080')).toBe('http://[::1]:8080');
  });
});

describe('resolveApiOrigin', () => {
  it('defaults to the same origin, as relative URLs', () => {
    expect(resolveApiOrigin(undefined, 'https://m.example.com')).toBe('');
    expect(resolveApiOrigin('  ', 'https://m.example.com')).toBe('');
  });

  it('applies the derive rule for "derived"', () => {
    expect(resolveApiOrigin('derived', 'https://m.example.com')).toBe('https://api.example.com');
    expect(resolveApiOrigin('derived', 'http://localhost:8080')).toBe('');
  });

  it('takes an explicit origin, without path or trailing slash', () => {
    expect(resolveApiOrigin('https://api.other.example/', 'https://m.example.com')).toBe(
      'https://api.other.example',
    );
  });
});
