import type { Config } from '../../config';
import { createFileTransport } from './file-transport';
import type { Transports } from './outbox-sender';
import { createSmsWebhookTransport } from './sms-webhook-transport';
import { createSmtpTransport } from './smtp-transport';

/**
 * Each channel's transport, chosen once at start: SMTP for e-mail when SMTP_URL is set, the SMS
 * webhook when SMS_WEBHOOK_URL is, and otherwise the outbox file (one transport for both channels).
 * `overrides` replace one (tests: a failing fake, a loopback server).
 */
export function transportsFromConfig(config: Config, overrides: Partial<Transports> = {}): Transports {
  let file: ReturnType<typeof createFileTransport> | undefined;
  const fileTransport = () => {
    file ??= createFileTransport(config.dataDir);
    return file;
  };
  return {
    email:
      overrides.email ??
      (config.smtp ? createSmtpTransport({ url: config.smtp.url, from: config.smtp.from }) : fileTransport()),
    sms:
      overrides.sms ??
      (config.smsWebhook
        ? createSmsWebhookTransport({ url: config.smsWebhook.url, secret: config.smsWebhook.secret })
        : fileTransport()),
  };
}
