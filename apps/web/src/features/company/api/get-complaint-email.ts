import { ComplaintEmail } from '@meridian/contract/content';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type ComplaintEmailAnswer = z.infer<typeof ComplaintEmail>;

/** GET /api/company/complaint_email: where complaints go, and the company's name. */
export function getComplaintEmail(signal?: AbortSignal): Promise<ComplaintEmailAnswer> {
  return api.get('/api/company/complaint_email', undefined, { schema: ComplaintEmail, signal });
}

export function useComplaintEmail() {
  return useQuery({
    queryKey: ['company', 'complaint-email'],
    queryFn: ({ signal }) => getComplaintEmail(signal),
  });
}
