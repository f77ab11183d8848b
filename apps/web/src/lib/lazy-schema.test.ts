import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { checkPush, lazySchema } from './lazy-schema';

const Push = z.object({ id: z.number() });

afterEach(() => vi.restoreAllMocks());

describe('checkPush', () => {
  it('passes pushes that keep the contract, in the order they came, after one download', async () => {
    let loads = 0;
    const schema = lazySchema(async () => {
      loads += 1;
      return Push;
    });
    const seen: number[] = [];
    await Promise.all(
      [1, 2, 3].map((id) =>
        checkPush(schema, { id }, 'test.topic').then((push) => push && seen.push(push.id)),
      ),
    );
    expect(seen).toEqual([1, 2, 3]);
    expect(loads).toBe(1);
  });

  it('drops a push off the contract, and one whose schema did not load, saying why', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = lazySchema(async () => Push);
    await expect(checkPush(schema, { id: 'one' }, 'test.topic')).resolves.toBeNull();
    expect(errors.mock.calls[0]?.[0]).toBe('test.topic push does not match the contract');
    const unreachable = lazySchema<{ id: number }>(() => Promise.reject(new Error('offline')));
    await expect(checkPush(unreachable, { id: 1 }, 'test.topic')).resolves.toBeNull();
    expect(errors.mock.calls[1]?.[0]).toBe('test.topic push not checked: its schema did not load');
  });
});
