import type { Staff } from '@meridian/contract/staff';
import { useOutletContext } from 'react-router';

/** The signed-in staff member, handed down by the shell to its screens. */
export function useStaff(): Staff {
  return useOutletContext<Staff>();
}
