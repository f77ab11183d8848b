import { currentLanguage } from '../../lib/i18n';

/** A moment (ISO 8601 text or Unix ms) in the reader's language and time zone; "-" for none. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === 0) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLanguage() === 'hk' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
