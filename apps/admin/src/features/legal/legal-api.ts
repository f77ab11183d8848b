import type { LegalKind, PublishLegalRequest, StaffLegalVersions } from '@meridian/contract/legal';
import { useQuery } from '@tanstack/react-query';
import { type ApiFields, adminApi } from '../../lib/api-client';

export const LEGAL_KEY = (kind: LegalKind) => ['legal', kind] as const;

/** GET /admin/api/legal/versions?kind: the document's versions, newest first. */
export function useLegalVersions(kind: LegalKind) {
  return useQuery({
    queryKey: LEGAL_KEY(kind),
    queryFn: () => adminApi<StaffLegalVersions>('GET', '/legal/versions', { kind }),
  });
}

/** POST /admin/api/legal/publish: a new version (the old ones stay). */
export function publishLegal(input: Omit<PublishLegalRequest, 't'>) {
  // `texts` is an object of objects: the client sends it as JSON as it is.
  return adminApi<StaffLegalVersions>('POST', '/legal/publish', input as unknown as ApiFields);
}
