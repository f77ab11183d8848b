import type { SupportMessage } from '@meridian/contract/support';
import { Fragment } from 'react';
import type { DateFormat } from '../../../hooks/use-date-format';
import { ChatBubble } from './chat-bubble';
import './support-chat.css';

type ChatThreadProps = {
  messages: readonly SupportMessage[];
  dates: DateFormat;
  onMediaLoad: () => void;
};

/** The day a message belongs to on the reader's own calendar, for the separators. */
function dayOf(iso: string): string {
  const at = new Date(iso);
  return `${at.getFullYear()}-${at.getMonth()}-${at.getDate()}`;
}

/** Messages from one side within the same minute share one time, under the last of them. */
function minuteOf(iso: string): number {
  return Math.floor(new Date(iso).getTime() / 60_000);
}

/** The conversation, oldest first, with a date line wherever the day changes. */
export function ChatThread({ messages, dates, onMediaLoad }: ChatThreadProps) {
  return (
    <div className="chat-thread" role="log" aria-live="polite">
      {messages.map((message, index) => {
        const previous = messages[index - 1];
        const next = messages[index + 1];
        const lastOfRun =
          !next ||
          next.sender !== message.sender ||
          minuteOf(next.created_at) !== minuteOf(message.created_at);
        const newDay = !previous || dayOf(previous.created_at) !== dayOf(message.created_at);
        const sameAgentRun =
          previous?.sender === 'agent' &&
          message.sender === 'agent' &&
          previous.agent_name === message.agent_name &&
          !newDay;
        return (
          <Fragment key={message.id}>
            {newDay && (
              <div className="chat-day">
                <span>{dates.date(message.created_at)}</span>
              </div>
            )}
            <ChatBubble
              message={message}
              time={lastOfRun ? dates.time(message.created_at) : null}
              showAgentName={!sameAgentRun}
              onMediaLoad={onMediaLoad}
            />
          </Fragment>
        );
      })}
    </div>
  );
}
