import { describe, expect, it } from 'vitest';
import { AttemptKeys, fingerprintOf } from './attempt-keys';

function counter() {
  let next = 0;
  return () => {
    next += 1;
    return `key-${next}`;
  };
}

describe('AttemptKeys', () => {
  it('reuses the key when the same order is sent again after no answer', () => {
    const keys = new AttemptKeys(counter());
    const fields = fingerprintOf({ type: 1, cont: '0.01', forex_id: 13 });
    expect(keys.keyFor(fields)).toBe('key-1');
    expect(keys.keyFor(fields)).toBe('key-1');
  });

  it('starts a new attempt when the order changes or the server answered', () => {
    const keys = new AttemptKeys(counter());
    expect(keys.keyFor(fingerprintOf({ cont: '0.01' }))).toBe('key-1');
    expect(keys.keyFor(fingerprintOf({ cont: '0.02' }))).toBe('key-2');
    keys.settle();
    expect(keys.keyFor(fingerprintOf({ cont: '0.02' }))).toBe('key-3');
  });

  it('makes version 4 UUIDs by default', () => {
    expect(new AttemptKeys().keyFor('x')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('fingerprintOf', () => {
  it('does not depend on the order of the fields', () => {
    expect(fingerprintOf({ a: 1, b: '2' })).toBe(fingerprintOf({ b: '2', a: 1 }));
    expect(fingerprintOf({ a: 1 })).not.toBe(fingerprintOf({ a: 2 }));
  });
});
