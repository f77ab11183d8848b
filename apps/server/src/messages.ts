/** The channels a message to a person goes by (an outbox row's `channel`). */
export type MessageChannel = 'email' | 'sms';
