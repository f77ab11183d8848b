import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from '../route-meta';

const BRAND = 'Meridian';

/** The browser tab and history show the page, in the current language. */
export function useDocumentTitle(meta: RouteMeta): void {
  const { t } = useTranslation();
  const title = meta.path === '/' ? BRAND : `${t(meta.titleKey)} · ${BRAND}`;
  // In a task of its own: setting the title costs the browser a few milliseconds (more on a slow
  // phone), and this effect runs with the page's first mount, already the start's longest task.
  useEffect(() => {
    const timer = window.setTimeout(() => {
      document.title = title;
    }, 0);
    return () => window.clearTimeout(timer);
  }, [title]);
}
