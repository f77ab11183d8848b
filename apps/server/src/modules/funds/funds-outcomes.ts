import { TOPIC_FUNDS_RECORD } from '@meridian/contract/socket';
import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../context';
import type { DomainEvents } from '../../events';
import { translate } from '../../http/i18n';
import { customerContact } from './customers.repository';

/**
 * The customer hears of each outcome (issue 13): the reviews emit `funds.outcome` once their
 * transaction has committed, and this listener pushes the record to the customer's own sockets
 * (`funds.record`, every node through the hub) and writes the notice to the outbox, in the
 * customer's language, to their e-mail (or their phone when they registered by mobile only). A lost
 * push is recovered by the next read of the list; a failed outbox write is logged.
 */
export function announceFundsOutcomes(context: ServerContext, log: FastifyBaseLogger): () => void {
  return context.events.on('funds.outcome', (outcome) => {
    context.realtime.publishToUser(outcome.userId, TOPIC_FUNDS_RECORD, outcome.push);
    sendNotice(context, outcome).catch((error: unknown) =>
      log.error({ err: error, userId: outcome.userId, notice: outcome.notice.type }, 'funds notice not sent'),
    );
  });
}

async function sendNotice(context: ServerContext, outcome: DomainEvents['funds.outcome']): Promise<void> {
  const contact = await customerContact(context.db, outcome.userId);
  if (!contact) throw new Error(`user ${outcome.userId} of a funds outcome not found`);
  const destination = contact.email
    ? { channel: 'email' as const, to: contact.email }
    : contact.mobile
      ? { channel: 'sms' as const, to: `${contact.globalCode ?? ''}${contact.mobile}` }
      : undefined;
  if (!destination) throw new Error(`user ${outcome.userId} has no address for notices`);
  await context.messages.sendNotice({
    ...destination,
    type: outcome.notice.type,
    text: translate(contact.language, outcome.notice.key, outcome.notice.params),
    at: context.clock.now().toISOString(),
  });
}
