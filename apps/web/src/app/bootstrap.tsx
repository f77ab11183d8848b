import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { useLanguageStore } from '../features/language/stores/language-store';
import { initI18n } from '../lib/i18n';
import { installAntdRender } from './antd-render';
import { App } from './app';
import { followCompanyStatus } from './company-status';
import { installDeviceFlag } from './device-flag';
import { createQueryClient } from './query-client';
import { wireRealtime } from './realtime-session';
import { createAppRouter } from './router';
import { followLanguage, followSession, refreshStoredSession, wireApiClient } from './session';
import './styles/tokens.css';
import './styles/layout.css';
import './styles/forms.css';
import './styles/pages.css';
import './styles/market.css';
import './styles/trade.css';
import './styles/order-form.css';
import './styles/orders.css';
import './styles/copy.css';
import './styles/ledger.css';
import './styles/account.css';
import './styles/content.css';
import './styles/chat.css';

export async function bootstrap(container: HTMLElement): Promise<void> {
  installAntdRender();
  installDeviceFlag();
  await initI18n(useLanguageStore.getState().language);
  const queryClient = createQueryClient();
  const router = createAppRouter();
  wireApiClient(router);
  followLanguage(queryClient);
  followSession(queryClient);
  wireRealtime();
  void refreshStoredSession();
  void followCompanyStatus();
  createRoot(container).render(
    <StrictMode>
      <App router={router} queryClient={queryClient} />
    </StrictMode>,
  );
}
