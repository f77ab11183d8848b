import { LegalCurrent, type LegalKind, LegalText } from '@meridian/contract/legal';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The current version of the terms and of the risk warning, titled in the reader's language. */
export function getLegalCurrent(): Promise<LegalCurrent> {
  return api.get('/api/legal/current', undefined, { schema: LegalCurrent });
}

export function useLegalCurrent(language: string) {
  return useQuery({ queryKey: ['legal', 'current', language], queryFn: getLegalCurrent });
}

/** One version's text in the reader's language (the default language's when it has none). */
export function getLegalText(kind: LegalKind, version: number): Promise<LegalText> {
  return api.get('/api/legal/text', { kind, version }, { schema: LegalText });
}

export function useLegalText(kind: LegalKind, version: number, language: string, enabled: boolean) {
  return useQuery({
    queryKey: ['legal', 'text', kind, version, language],
    queryFn: () => getLegalText(kind, version),
    enabled,
  });
}
