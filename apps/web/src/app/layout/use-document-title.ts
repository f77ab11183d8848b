import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteMeta } from '../route-meta';

const BRAND = 'Meridian';

/** The browser tab and history show the page, in the current language. */
export function useDocumentTitle(meta: RouteMeta): void {
  const { t } = useTranslation();
  const title = meta.path === '/' ? BRAND : `${t(meta.titleKey)} · ${BRAND}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
