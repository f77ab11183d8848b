import { describe, expect, it } from 'vitest';
import { socketUrl } from './socket-url';

describe('socketUrl', () => {
  it('uses the page origin when the API is on the same host', () => {
    expect(socketUrl('', 'http://127.0.0.1:8093', 'en')).toBe('ws://127.0.0.1:8093/v1/ws?lang=en');
  });

  it('uses wss for an https API origin', () => {
    expect(socketUrl('https://api.example.com', 'https://m.example.com', 'ar')).toBe(
      'wss://api.example.com/v1/ws?lang=ar',
    );
  });

  it('keeps the port and drops any path of the origin', () => {
    expect(socketUrl('http://api.example.com:8443/x', 'http://m.example.com', 'hk')).toBe(
      'ws://api.example.com:8443/v1/ws?lang=hk',
    );
  });
});
