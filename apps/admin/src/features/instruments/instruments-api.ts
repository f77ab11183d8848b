import type {
  StaffInstrument,
  StaffInstrumentList,
  UpdateInstrumentRequest,
} from '@meridian/contract/instruments-staff';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

export const INSTRUMENTS_KEY = ['instruments'] as const;

/** GET /admin/api/instruments: every instrument with its terms, by category. */
export function useInstruments() {
  return useQuery({
    queryKey: INSTRUMENTS_KEY,
    queryFn: () => adminApi<StaffInstrumentList>('GET', '/instruments'),
  });
}

/** The fields of an edit: only those that changed are sent. */
export type InstrumentChanges = Omit<Partial<UpdateInstrumentRequest>, 'id' | 't'>;

/** POST /admin/api/instruments/update. */
export const updateInstrument = (input: { id: number } & InstrumentChanges) =>
  adminApi<StaffInstrument>('POST', '/instruments/update', input);
