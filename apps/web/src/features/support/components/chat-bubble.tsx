import type { SupportMessage } from '@meridian/contract/support';
import { ImageViewer } from 'antd-mobile';
import { PictureWrongOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client';
import './support-chat.css';

type ChatBubbleProps = {
  message: SupportMessage;
  /** Shown under the last message of a run; null for the others. */
  time: string | null;
  /** The agent's name shows above the first of their messages in a row. */
  showAgentName: boolean;
  /** An image finished loading: the thread may need to scroll down by its height. */
  onMediaLoad: () => void;
};

function ChatImage({ url, onLoad }: { url: string; onLoad: () => void }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <span className="chat-image-missing">
        <PictureWrongOutline aria-hidden="true" /> {t('chat.imageUnavailable')}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="chat-image-button"
      aria-label={t('chat.openImage')}
      onClick={() => ImageViewer.show({ image: url })}
    >
      <img className="chat-image" src={url} alt="" onLoad={onLoad} onError={() => setFailed(true)} />
    </button>
  );
}

/** One message: the user's own at the end side, an agent's at the start side (mirrored in RTL). */
export function ChatBubble({ message, time, showAgentName, onMediaLoad }: ChatBubbleProps) {
  const { t } = useTranslation();
  const own = message.sender === 'user';
  return (
    <div className={`chat-message ${own ? 'is-own' : 'is-agent'}`} data-sender={message.sender}>
      {!own && showAgentName && (
        <div className="chat-agent-name">{message.agent_name || t('chat.agentFallback')}</div>
      )}
      <div className="chat-bubble">
        {message.image && <ChatImage url={apiUrl(message.image)} onLoad={onMediaLoad} />}
        {message.text && (
          <p className="chat-text" dir="auto">
            {message.text}
          </p>
        )}
      </div>
      {time !== null && (
        <time className="chat-time" dateTime={message.created_at}>
          {time}
        </time>
      )}
    </div>
  );
}
