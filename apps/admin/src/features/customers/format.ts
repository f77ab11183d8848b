import { formatDateTime } from '../../lib/format';

/** A moment in the back office's one format (lib/format): the reader's language and time zone, to the second; "-" for none. */
export function formatTime(value: string | number | null | undefined): string {
  return formatDateTime(value);
}
