import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { useLanguageStore } from '../features/language/stores/language-store';
import { prefetchTradeList } from '../features/market/api/get-trade-list';
import { loadAntdLocale } from '../lib/antd-locale';
import { antdRenderReady } from '../lib/antd-render-ready';
import { initI18n } from '../lib/i18n';
import { nextTask } from '../lib/next-task';
import { preloadToast } from '../lib/toast';
import { whenIdle } from '../lib/when-idle';
import { App } from './app';
import { followCompanyStatus } from './company-status';
import { installDeviceFlag } from './device-flag';
import { createQueryClient } from './query-client';
import { wireRealtime } from './realtime-session';
import { preloadRoutePage, routeEntryOf } from './route-table';
import { RouterHandle } from './router-handle';
import { followLanguage, followSession, refreshStoredSession, wireApiClient } from './session';
import './styles/tokens.css';
import './styles/layout.css';
import './styles/ui-kit.css';

export async function bootstrap(container: HTMLElement): Promise<void> {
  installDeviceFlag();
  const language = useLanguageStore.getState().language;
  const queryClient = createQueryClient();
  const router = new RouterHandle(window.location);
  wireApiClient(router);
  if (routeEntryOf(window.location.pathname)?.path === '/trade') prefetchTradeList(queryClient);
  // The stored language's texts, ours and the UI kit's, and the page the address opens load while
  // index.html's shell is shown. Each asked for in a task of its own: asking costs the main thread
  // too (a link element a file, on a slow phone about a millisecond each).
  await nextTask();
  const page = preloadRoutePage(window.location.pathname);
  await nextTask();
  const texts = initI18n(language);
  texts.catch(() => {}); // Awaited below: not an unhandled rejection meanwhile.
  await nextTask();
  await Promise.all([page, texts, loadAntdLocale(language)]);
  followLanguage(queryClient);
  followSession(queryClient);
  wireRealtime();
  void refreshStoredSession();
  void followCompanyStatus();
  const root = createRoot(container);
  // The first render in a transition: React renders it in slices of a few milliseconds, so the
  // page stays responsive while it mounts (one long task otherwise, on a slow phone's CPU).
  startTransition(() =>
    root.render(
      <StrictMode>
        <App router={router} queryClient={queryClient} />
      </StrictMode>,
    ),
  );
  // Toasts and antd's render hook are not needed to paint the first screen: they download once the
  // page has loaded and the browser is idle (a lazy page or a toast asked for sooner waits for them).
  const preload = () =>
    whenIdle(() => {
      void antdRenderReady().catch(() => {});
      preloadToast();
    });
  if (document.readyState === 'complete') preload();
  else window.addEventListener('load', preload, { once: true });
}
