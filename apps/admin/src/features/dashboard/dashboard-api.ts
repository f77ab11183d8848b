import type { Dashboard } from '@meridian/contract/back-office';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

/** How often the dashboard reads its figures again while it is open. */
const DASHBOARD_REFRESH_MS = 30_000;

/** GET /admin/api/dashboard: the queues, today's figures, the exposure and the sockets. */
export function useDashboard() {
  return useQuery({
    queryKey: ['dashboard'],
    queryFn: () => adminApi<Dashboard>('GET', '/dashboard'),
    refetchInterval: DASHBOARD_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}
