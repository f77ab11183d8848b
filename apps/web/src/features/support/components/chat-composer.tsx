import { LIMITS } from '@meridian/contract/limits';
import { Button, TextArea } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './support-chat.css';

type ChatComposerProps = {
  /** Resolves true when the text was sent, so the box can be emptied. */
  onSendText: (text: string) => Promise<boolean>;
  onSendImage: (file: File) => Promise<void>;
  busy: boolean;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

/** The message box, a picture button and Send, kept at the bottom of the screen. */
export function ChatComposer({ onSendText, onSendImage, busy }: ChatComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();

  const send = async () => {
    if (!trimmed || busy) return;
    if (await onSendText(trimmed)) setText('');
  };

  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so the same picture can be chosen again after a failure.
    event.target.value = '';
    if (file) void onSendImage(file);
  };

  return (
    <form
      className="chat-composer"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <button
        type="button"
        className="round-icon-button chat-picture-button"
        aria-label={t('chat.sendImage')}
        disabled={busy}
        onClick={() => fileInput.current?.click()}
      >
        <PictureOutline fontSize={24} />
      </button>
      <input
        ref={fileInput}
        className="visually-hidden"
        type="file"
        accept={ACCEPTED_TYPES}
        tabIndex={-1}
        aria-hidden="true"
        onChange={pick}
      />
      <div className="chat-input">
        <TextArea
          value={text}
          onChange={setText}
          placeholder={t('chat.placeholder')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          rows={1}
          maxLength={LIMITS.supportTextLengthMax}
          aria-label={t('chat.placeholder')}
        />
      </div>
      <Button className="chat-send" type="submit" color="primary" disabled={!trimmed} loading={busy}>
        {t('chat.send')}
      </Button>
    </form>
  );
}
