import { LIMITS } from '@meridian/contract/limits';
import { foldSearchText } from '@meridian/domain/search-text';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { api } from '../../../lib/api-client';
import { lazySchema } from '../../../lib/lazy-schema';
import { WEB_LIMITS } from '../../../lib/limits';

const instrumentListSchema = lazySchema(() =>
  import('@meridian/contract/market').then((contract) => contract.InstrumentList),
);

/** Control characters the server refuses in a search (contract fields.ts); such a text is not sent. */
const CONTROL = /[\p{Cc}\p{Cs}\u2028\u2029]/u;

/**
 * GET /v1/api/forex/trade_list?searchCurrency=: the ids of the instruments a search finds by
 * name or alias in any of the 15 languages. The names live on the server only (its market
 * module); the list's own rows and live prices stay those the app already holds.
 */
export async function searchInstrumentIds(
  search: string,
  signal?: AbortSignal,
): Promise<ReadonlySet<number>> {
  const found = await api.get(
    '/v1/api/forex/trade_list',
    { searchCurrency: search },
    { schema: instrumentListSchema, signal },
  );
  return new Set(found.map((instrument) => instrument.Id));
}

export type NameSearch = {
  /** Ids the server found for the text typed; undefined until it answered (or when not asked). */
  ids: ReadonlySet<number> | undefined;
  /** True while an answer for the text typed is still to come (typing, or the request). */
  pending: boolean;
};

/**
 * The server's name search for a search box, asked once typing pauses. Codes and shown codes are
 * matched at once on the device (filterInstruments); this adds "gold", "黃金", "petroleo".
 * A text the server would refuse (too long, control characters) or of only punctuation is not sent.
 */
export function useInstrumentNameSearch(search: string): NameSearch {
  const text = search.trim();
  const sendable =
    foldSearchText(text) !== '' && text.length <= LIMITS.searchTextLengthMax && !CONTROL.test(text);
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), WEB_LIMITS.instrumentNameSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text]);
  const query = useQuery({
    queryKey: ['market', 'name-search', settled],
    queryFn: ({ signal }) => searchInstrumentIds(settled, signal),
    enabled: sendable && settled === text,
    staleTime: WEB_LIMITS.instrumentNameSearchStaleMs,
    retry: false,
  });
  if (!sendable) return { ids: undefined, pending: false };
  if (settled !== text) return { ids: undefined, pending: true };
  return { ids: query.data, pending: query.isPending && query.fetchStatus !== 'idle' };
}
