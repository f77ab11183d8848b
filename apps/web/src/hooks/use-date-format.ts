import { LANGUAGE_TAGS, normalizeLanguage } from '@meridian/contract/languages';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

export type DateFormat = {
  /** 18 Nov 2026, in the reader's language. */
  date(iso: string): string;
  /** 18 Nov 2026, 14:05. */
  dateTime(iso: string): string;
  /** 14:05. */
  time(iso: string): string;
};

function formatter(tag: string, options: Intl.DateTimeFormatOptions) {
  const format = new Intl.DateTimeFormat(tag, options);
  // An empty or broken date from the server shows as nothing rather than "Invalid Date".
  return (iso: string) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? '' : format.format(at);
  };
}

/** Dates of server answers (ISO 8601) in the interface language and the device's time zone. */
export function useDateFormat(): DateFormat {
  const { i18n } = useTranslation();
  const tag = LANGUAGE_TAGS[normalizeLanguage(i18n.language)];
  return useMemo(
    () => ({
      date: formatter(tag, { dateStyle: 'medium' }),
      dateTime: formatter(tag, { dateStyle: 'medium', timeStyle: 'short' }),
      time: formatter(tag, { timeStyle: 'short' }),
    }),
    [tag],
  );
}
