import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { applyPushToQuery } from './query-push';

const KEY = ['records'];
let client: QueryClient;

afterEach(() => client?.clear());

/** A query whose reads answer what the "database" held when each read began, after `delayMs`. */
function observe(database: { status: string }, delayMs: number) {
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const observer = new QueryObserver(client, {
    queryKey: KEY,
    queryFn: () => {
      const seen = database.status;
      return new Promise<string>((resolve) => setTimeout(() => resolve(seen), delayMs));
    },
  });
  const stop = observer.subscribe(() => {});
  return { observer, stop };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 40));

describe('applyPushToQuery', () => {
  it('keeps the pushed state when a read begun before the change answers after the push', async () => {
    const database = { status: 'waiting' };
    const { stop } = observe(database, 10);
    await settled();
    void client.invalidateQueries({ queryKey: KEY }); // a resync's read, answered with the old state
    database.status = 'done';
    await applyPushToQuery<string>(client, KEY, () => 'done');
    await settled();
    expect(client.getQueryData(KEY)).toBe('done');
    stop();
  });

  it('shows the push at once when no read is under way, without reading again', async () => {
    const database = { status: 'waiting' };
    const { stop } = observe(database, 10);
    await settled();
    database.status = 'changed elsewhere';
    await applyPushToQuery<string>(client, KEY, () => 'done');
    expect(client.getQueryData(KEY)).toBe('done');
    expect(client.isFetching({ queryKey: KEY })).toBe(0);
    stop();
  });

  it('is what a plain setQueryData is not: the control, which the old read overwrites', async () => {
    const database = { status: 'waiting' };
    const { stop } = observe(database, 10);
    await settled();
    void client.invalidateQueries({ queryKey: KEY });
    database.status = 'done';
    client.setQueryData(KEY, 'done');
    await settled();
    expect(client.getQueryData(KEY)).toBe('waiting');
    stop();
  });
});
