import { currentLanguage } from '../../lib/i18n';

/** A moment (ISO 8601 text) in the reader's language and time zone; "-" for none. */
export function formatTime(value: string | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(currentLanguage() === 'hk' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}
