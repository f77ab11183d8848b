import { describe, expect, it } from 'vitest';
import { loginPathFrom, safeReturnPath } from './return-path';

describe('loginPathFrom', () => {
  it('keeps the wanted path and its query', () => {
    expect(loginPathFrom('/order')).toBe('/login?from=%2Forder');
    expect(loginPathFrom('/mine/withdraw-way?type=2')).toBe('/login?from=%2Fmine%2Fwithdraw-way%3Ftype%3D2');
    const from = new URLSearchParams(loginPathFrom('/mine/withdraw-way?type=2').split('?')[1]).get('from');
    expect(from).toBe('/mine/withdraw-way?type=2');
  });
});

describe('safeReturnPath', () => {
  it('returns a path of this app', () => {
    expect(safeReturnPath('/order')).toBe('/order');
    expect(safeReturnPath('/mine/withdraw-way?type=2')).toBe('/mine/withdraw-way?type=2');
  });

  it('falls back home when missing', () => {
    expect(safeReturnPath(null)).toBe('/');
    expect(safeReturnPath('')).toBe('/');
  });

  it('refuses other sites and tricks', () => {
    expect(safeReturnPath('https://evil.example')).toBe('/');
    expect(safeReturnPath('//evil.example/x')).toBe('/');
    expect(safeReturnPath('/\\evil.example')).toBe('/');
    expect(safeReturnPath('javascript:alert(1)')).toBe('/');
  });

  it('never returns to the login page itself', () => {
    expect(safeReturnPath('/login?from=/order')).toBe('/');
  });
});
