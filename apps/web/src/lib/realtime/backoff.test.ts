import { describe, expect, it } from 'vitest';
import { WEB_LIMITS } from '../limits';
import { reconnectDelayMs } from './backoff';

describe('reconnectDelayMs', () => {
  it('doubles per attempt and stops at the maximum', () => {
    const top = () => 1;
    expect(reconnectDelayMs(0, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs);
    expect(reconnectDelayMs(1, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 2);
    expect(reconnectDelayMs(3, top)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 8);
    expect(reconnectDelayMs(40, top)).toBe(WEB_LIMITS.socketReconnectDelayMaxMs);
  });

  it('spreads clients over the upper half of the step', () => {
    expect(reconnectDelayMs(2, () => 0)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 2);
    expect(reconnectDelayMs(2, () => 0.5)).toBe(WEB_LIMITS.socketReconnectDelayMinMs * 3);
  });
});
