import { describe, expect, it } from 'vitest';
import { serviceLinkAction } from './service-link';

describe('serviceLinkAction (spec section 2, service_link_type)', () => {
  it('type 2 shows the link in a dialog', () => {
    expect(serviceLinkAction('https://help.example.com', 2)).toEqual({
      kind: 'dialog',
      link: 'https://help.example.com',
    });
  });

  it('type 3 opens in the current window; an app path stays in the app', () => {
    expect(serviceLinkAction('/mine/chat', 3)).toEqual({ kind: 'route', path: '/mine/chat' });
    expect(serviceLinkAction('https://help.example.com', 3)).toEqual({
      kind: 'same-window',
      url: 'https://help.example.com',
    });
    expect(serviceLinkAction('//evil.example', 3)).toEqual({ kind: 'same-window', url: '//evil.example' });
  });

  it('any other type opens a new window', () => {
    expect(serviceLinkAction('https://help.example.com', 1)).toEqual({
      kind: 'new-window',
      url: 'https://help.example.com',
    });
    expect(serviceLinkAction('https://help.example.com', undefined)).toEqual({
      kind: 'new-window',
      url: 'https://help.example.com',
    });
  });

  it('falls back to the built-in chat when no link is set', () => {
    expect(serviceLinkAction('', 3)).toEqual({ kind: 'route', path: '/mine/chat' });
  });
});
