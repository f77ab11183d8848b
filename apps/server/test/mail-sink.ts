import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

/**
 * An SMTP server for tests, on the loopback: plain SMTP (no certificate to make, and the client does
 * not try STARTTLS), no login, each message parsed and handed to `onMail` with its envelope's
 * recipients. `onRcptTo` may refuse a recipient; `refuseMessage` may refuse the message itself
 * (its content read first, as a real server reads it before it answers).
 */
export function mailSink(
  onMail: (mail: ParsedMail, rcptTo: string[]) => void,
  options: { onRcptTo?: SMTPServerOptions['onRcptTo']; refuseMessage?: () => Error | undefined } = {},
): SMTPServer {
  return new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(options.onRcptTo ? { onRcptTo: options.onRcptTo } : {}),
    onData(stream, session, callback) {
      const refusal = options.refuseMessage?.();
      if (refusal) {
        stream.resume();
        stream.on('end', () => callback(refusal));
        return;
      }
      simpleParser(stream)
        .then((mail) => {
          onMail(
            mail,
            session.envelope.rcptTo.map((rcpt) => rcpt.address),
          );
          callback();
        })
        .catch(callback);
    },
  });
}
