import type { SupportMessage } from '@meridian/contract/support';
import { Flex, Image } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';

/** A message of the thread: the agents' on the right, the customer's on the left. */
export function MessageBubble({ message }: { message: SupportMessage }) {
  const { t } = useTranslation();
  const mine = message.sender === 'agent';
  return (
    <Flex justify={mine ? 'flex-end' : 'flex-start'} style={{ marginBottom: 8 }}>
      <div
        className={`support-message support-message-${message.sender}`}
        data-message-id={message.id}
        style={{
          maxWidth: '70%',
          background: mine ? '#1677ff' : '#fff',
          color: mine ? '#fff' : undefined,
          borderRadius: 10,
          padding: '8px 12px',
          boxShadow: '0 1px 2px rgba(0,0,0,0.06)',
        }}
      >
        <div style={{ fontSize: 12, opacity: 0.75, marginBottom: 2 }}>
          {mine ? message.agent_name || t('support.agent') : t('support.customer')} ·{' '}
          {formatDateTime(message.created_at)}
        </div>
        {message.text !== '' && (
          <div className="support-message-text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text}
          </div>
        )}
        {message.image !== '' && (
          <Image src={message.image} width={200} style={{ borderRadius: 6, marginTop: 4 }} />
        )}
      </div>
    </Flex>
  );
}
