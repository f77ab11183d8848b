import { describe, expect, it } from 'vitest';
import { WEB_LIMITS } from '../limits';
import { reconnectDelayMs } from './backoff';

const top = () => 1;
const bottom = () => 0;

describe('reconnectDelayMs', () => {
  it('doubles per attempt and stops at the visible ceiling while the page is shown', () => {
    expect(reconnectDelayMs(0, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs);
    expect(reconnectDelayMs(1, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 2);
    expect(reconnectDelayMs(2, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 4);
    expect(reconnectDelayMs(40, top)).toBe(WEB_LIMITS.socketReconnectDelayVisibleMaxMs);
  });

  it('never waits more than 3 s between tries while shown, whatever the attempt and the jitter', () => {
    expect(WEB_LIMITS.socketReconnectDelayVisibleMaxMs).toBeLessThanOrEqual(3_000);
    for (let attempt = 0; attempt < 60; attempt += 1) {
      for (const random of [bottom, () => 0.37, () => 0.99, top]) {
        expect(reconnectDelayMs(attempt, random)).toBeLessThanOrEqual(3_000);
      }
    }
  });

  it('backs off much further while the page is hidden', () => {
    expect(reconnectDelayMs(0, top, true)).toBe(WEB_LIMITS.socketReconnectDelayMinMs);
    expect(reconnectDelayMs(40, top, true)).toBe(WEB_LIMITS.socketReconnectDelayHiddenMaxMs);
    expect(reconnectDelayMs(40, top, true)).toBeGreaterThan(10 * reconnectDelayMs(40, top, false));
  });

  it('spreads clients over the upper half of the step', () => {
    expect(reconnectDelayMs(2, bottom)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 2);
    expect(reconnectDelayMs(2, () => 0.5)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 3);
    expect(reconnectDelayMs(40, bottom)).toBe(WEB_LIMITS.socketReconnectDelayVisibleMaxMs / 2);
  });
});
