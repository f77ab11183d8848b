import { useTranslation } from 'react-i18next';
import { PageShell } from '../../components/page-shell';
import { SupportChat } from '../../features/support/components/support-chat';
import './chat.css';

/** /mine/chat: the built-in customer-service chat (the default service link); demo users too. */
export function ChatRoute() {
  const { t } = useTranslation();
  return (
    <PageShell className="chat-page" title={t('nav.mineChat')}>
      <SupportChat />
    </PageShell>
  );
}
