import type { Language } from '@meridian/contract/languages';
import type { QueryClient } from '@tanstack/react-query';
import { setDefaultConfig } from 'antd-mobile';
import { getUserInfo } from '../features/auth/api/get-user-info';
import { useUserStore } from '../features/auth/stores/user-store';
import { useLanguageStore } from '../features/language/stores/language-store';
import { useOrderMarksStore } from '../features/trading/stores/order-marks-store';
import { loadAntdLocale } from '../lib/antd-locale';
import { configureApiClient } from '../lib/api-client';
import { applyLanguage, i18next } from '../lib/i18n';
import { LOGIN_PATH, loginPathFrom } from '../lib/return-path';
import { toastNotifier } from '../lib/toast-notifier';
import { routeEntryOf } from './route-table';
import type { RouterHandle } from './router-handle';

/** Query keys that hold no personal data and so survive a change of session. */
const SHARED_QUERY_ROOTS = new Set(['settings']);

/** Plugs the stores, toasts and router into the one API client (lib never imports features). */
export function wireApiClient(router: RouterHandle): void {
  configureApiClient({
    getToken: () => useUserStore.getState().token,
    getLanguage: () => useLanguageStore.getState().language,
    notifier: toastNotifier,
    transportMessage: (code, serverMessage) =>
      serverMessage
        ? i18next.t('errors.transportWithMessage', { message: serverMessage, code })
        : i18next.t('errors.transport', { code }),
    onSessionInvalid: ({ init, token }) => {
      // Only the session the call was sent with ends, and only once: later 999s of the same
      // session, or a stale call's answer after a new login, change nothing.
      if (token === null || useUserStore.getState().token !== token) return false;
      useUserStore.getState().clear();
      const { pathname, search } = router.state.location;
      if (pathname === LOGIN_PATH) return true;
      // At start-up an expired session just leaves a visitor, unless the page needs a login; anywhere
      // else the user is sent to log in, and comes back to the page afterwards.
      if (init && !routeEntryOf(pathname)?.requiresLogin) return true;
      router.navigate(loginPathFrom(pathname + search), { replace: true });
      return true;
    },
  });
}

/** Keeps i18n, `<html lang dir>`, the UI kit's texts and the server data in the chosen language. */
export function followLanguage(queryClient: QueryClient): void {
  const applyAntdLocale = (language: Language) =>
    loadAntdLocale(language).then((locale) => {
      // A later choice made while this one was loading wins.
      if (useLanguageStore.getState().language === language) setDefaultConfig({ locale });
    });
  void applyAntdLocale(useLanguageStore.getState().language);
  useLanguageStore.subscribe((state, previous) => {
    if (state.language === previous.language) return;
    void applyAntdLocale(state.language);
    // Server texts (messages, country names) come in the `lang` of the request: fetch them again.
    void applyLanguage(state.language).then(() => queryClient.invalidateQueries());
  });
}

/** A new or ended session must not see the previous one's data. */
export function followSession(queryClient: QueryClient): void {
  useUserStore.subscribe((state, previous) => {
    if (state.token === previous.token) return;
    useOrderMarksStore.getState().clear();
    queryClient.removeQueries({
      predicate: (query) => !SHARED_QUERY_ROOTS.has(String(query.queryKey[0])),
    });
  });
}

/** App start (spec section 7, "init"): refresh the stored user; a dead session is dropped quietly. */
export async function refreshStoredSession(): Promise<void> {
  if (!useUserStore.getState().token) return;
  try {
    useUserStore.getState().setUser(await getUserInfo({ init: true }));
  } catch {
    // A 999 has cleared the session already; any other failure keeps the stored user for now.
  }
}
