import { Button, ErrorBlock, SpinLoading } from 'antd-mobile';
import { MessageOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { uploadImage } from '../../../lib/upload-image';
import { useSupportMessages } from '../api/get-support-messages';
import { useMarkSupportRead } from '../api/mark-support-read';
import { useSendSupportMessage } from '../api/send-support-message';
import { useChatScroll } from '../hooks/use-chat-scroll';
import { useSupportFeed } from '../hooks/use-support-feed';
import { messagesOf } from '../utils/chat-pages';
import { ChatComposer } from './chat-composer';
import { ChatThread } from './chat-thread';
import './support-chat.css';

/** The start of every conversation: who answers here and how. */
function ChatWelcome() {
  const { t } = useTranslation();
  return (
    <div className="intro-card chat-welcome">
      <span className="intro-card-icon chat-welcome-icon" aria-hidden="true">
        <MessageOutline fontSize={24} />
      </span>
      <p className="chat-welcome-title">{t('chat.welcomeTitle')}</p>
      <p className="chat-welcome-text">{t('chat.welcomeText')}</p>
    </div>
  );
}

/**
 * /mine/chat: the built-in customer-service conversation. History pages backwards as the reader
 * scrolls up; agents' replies arrive live over the socket; opening the page (and every reply read
 * while it is open) marks the conversation read.
 */
export function SupportChat() {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const history = useSupportMessages();
  const sendMessage = useSendSupportMessage();
  const { mutate: markRead } = useMarkSupportRead();
  const [uploading, setUploading] = useState(false);
  const messages = useMemo(() => messagesOf(history.data), [history.data]);
  const loaded = history.isSuccess;

  useSupportFeed(true, (message) => {
    if (message.sender === 'agent' && document.visibilityState === 'visible') markRead();
  });
  useEffect(() => {
    if (loaded) markRead();
  }, [loaded, markRead]);

  const last = messages.at(-1);
  const { onMediaLoad, loadOlderNow } = useChatScroll({
    firstId: messages[0]?.id,
    lastId: last?.id,
    lastIsOwn: last?.sender === 'user',
    canLoadOlder: history.hasNextPage && !history.isFetchingNextPage,
    loadOlder: () => void history.fetchNextPage(),
  });

  const sendText = async (text: string): Promise<boolean> => {
    try {
      await sendMessage.mutateAsync({ text });
      return true;
    } catch {
      // The API client has shown why; the text stays in the box to try again.
      return false;
    }
  };

  const sendImage = async (file: File): Promise<void> => {
    setUploading(true);
    try {
      const uploaded = await uploadImage(file, 'chat');
      await sendMessage.mutateAsync({ image: uploaded.name });
    } catch {
      // Refused upload or send: the server's reason has been toasted; nothing was added.
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="support-chat">
      <div className="chat-scroll-area">
        {history.isPending && (
          <div className="page-loading">
            <SpinLoading color="primary" />
          </div>
        )}
        {history.isError && !history.data && (
          <ErrorBlock
            status="disconnected"
            title={t('common.loadFailed')}
            description={t('common.loadFailedHint')}
          >
            <Button color="primary" fill="outline" onClick={() => void history.refetch()}>
              {t('common.retry')}
            </Button>
          </ErrorBlock>
        )}
        {loaded && history.hasNextPage && (
          <div className="chat-older">
            {history.isFetchingNextPage ? (
              <SpinLoading style={{ '--size': '20px' }} />
            ) : (
              <Button size="mini" fill="none" color="primary" onClick={loadOlderNow}>
                {t('chat.earlier')}
              </Button>
            )}
          </div>
        )}
        {loaded && !history.hasNextPage && <ChatWelcome />}
        <ChatThread messages={messages} dates={dates} onMediaLoad={onMediaLoad} />
      </div>
      <ChatComposer onSendText={sendText} onSendImage={sendImage} busy={sendMessage.isPending || uploading} />
    </div>
  );
}
