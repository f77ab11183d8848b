export type MessageChannel = 'email' | 'sms';

/** One verification code on its way to a person; the outbox line has exactly these fields. */
export type CodeMessage = {
  channel: MessageChannel;
  /** An e-mail address, or a mobile number with its calling code (`+85291234567`). */
  to: string;
  /** The code's purpose: 1 register, 2 reset, 3 change password. */
  type: number;
  code: string;
  /** When it was sent, ISO 8601. */
  at: string;
};

/**
 * A notice to a customer about something that happened to their account (a deposit credited, a
 * withdrawal paid): the outbox line has exactly these fields. `type` names the notice
 * (`funds.deposit_approved`), `text` is written in the customer's language.
 */
export type NoticeMessage = {
  channel: MessageChannel;
  to: string;
  type: string;
  text: string;
  at: string;
};

/**
 * Where codes go. Today the only implementation is the outbox file; an SMTP or SMS provider
 * adapter will implement the same interface and be chosen at start.
 */
export type MessageSender = {
  sendCode(message: CodeMessage): Promise<void>;
  sendNotice(message: NoticeMessage): Promise<void>;
};
