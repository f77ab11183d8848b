import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a socket push into a cached query. A read of that query already under way may have been
 * answered before the pushed change committed; landing after the push, it would put the old state
 * back (a deposit "under review" again, a closed position back in the list) until the next read.
 * So that read is cancelled, the push applied, and the query read again, after the change.
 */
export async function applyPushToQuery<Data>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: Data | undefined) => Data | undefined,
): Promise<void> {
  const reading = queryClient.isFetching({ queryKey, exact: true }) > 0;
  if (reading) await queryClient.cancelQueries({ queryKey, exact: true });
  queryClient.setQueryData<Data>(queryKey, update);
  if (reading) await queryClient.invalidateQueries({ queryKey, exact: true });
}
