import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';

describe('METRICS_PORT and METRICS_HOST', () => {
  it('are off and on the loopback by default', () => {
    const config = loadConfig({});
    expect(config.metricsPort).toBeUndefined();
    expect(config.metricsHost).toBe('127.0.0.1');
  });

  it('take a port and an address', () => {
    const config = loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' });
    expect(config.metricsPort).toBe(9464);
    expect(config.metricsHost).toBe('0.0.0.0');
  });

  it('refuse a port that is not one', () => {
    expect(() => loadConfig({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '-1' })).toThrow(/METRICS_PORT/);
  });

  it('refuse the public port', () => {
    expect(() => loadConfig({ PORT: '8080', METRICS_PORT: '8080' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT/);
  });
});
