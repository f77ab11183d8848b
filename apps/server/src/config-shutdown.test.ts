import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { SERVER_LIMITS } from './limits';

describe('SHUTDOWN_DELAY_SECONDS', () => {
  it('defaults to no delay and takes seconds, fractions too', () => {
    expect(loadConfig({}).shutdownDelayMs).toBe(0);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '15' }).shutdownDelayMs).toBe(15_000);
    expect(loadConfig({ SHUTDOWN_DELAY_SECONDS: '0.5' }).shutdownDelayMs).toBe(500);
  });

  it('stops the start on anything else, naming the variable', () => {
    for (const value of ['-1', 'soon', String(SERVER_LIMITS.shutdownDelaySecondsMax + 1)]) {
      expect(() => loadConfig({ SHUTDOWN_DELAY_SECONDS: value })).toThrow(/SHUTDOWN_DELAY_SECONDS/);
    }
  });
});
