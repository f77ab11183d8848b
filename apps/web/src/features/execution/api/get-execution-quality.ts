import { ExecutionQualityReport } from '@meridian/contract/execution-quality';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The report's days: the chart and the table show the last 30 UTC days. */
export const REPORT_DAYS = 30;

/** GET /api/execution/quality: every instrument's daily figures, no sign-in. */
export function getExecutionQuality(signal?: AbortSignal): Promise<ExecutionQualityReport> {
  return api.get('/api/execution/quality', { days: REPORT_DAYS }, { schema: ExecutionQualityReport, signal });
}

export function useExecutionQuality() {
  return useQuery({
    queryKey: ['execution', 'quality', REPORT_DAYS],
    queryFn: ({ signal }) => getExecutionQuality(signal),
    // The server's job brings the figures up to date about once a minute.
    staleTime: 60_000,
  });
}
