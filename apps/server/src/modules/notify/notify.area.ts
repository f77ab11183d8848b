import type { FastifyInstance } from 'fastify';
import type { Area, AreaRegistration } from '../area';
import { adminOutboxRoutes } from './admin-outbox.routes';
import { OutboxSender, type Transports } from './outbox-sender';
import { transportsFromConfig } from './outbox-transports';

export type NotifyAreaOptions = {
  /** Whether this node leads (holds the trading engine's lock): only the leader delivers the outbox. */
  leads(): boolean;
  notify: {
    /** The sender polls by itself (the server); tests deliver by hand (`app.outbox.deliverDue()`). */
    autoStart: boolean;
    /** Transports that replace the configured ones (tests). */
    transports?: Partial<Transports>;
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The outbox's sender, for tests and operations (the notify area's). */
    outbox: OutboxSender;
  }
}

/**
 * The messages area's running part: the outbox sender, started when the app is ready and
 * stopped, after its deliveries in flight, when it closes. Registered after trading, whose engine's
 * lock says which node leads.
 */
const registerNotify: AreaRegistration<NotifyAreaOptions> = async (
  app: FastifyInstance,
  context,
  { leads, notify },
) => {
  const sender = new OutboxSender(context, app.log, {
    leads,
    transports: transportsFromConfig(context.config, notify.transports),
    maxAttempts: context.config.outboxMaxAttempts,
    autoStart: notify.autoStart,
  });
  app.decorate('outbox', sender);
  app.addHook('onReady', async () => {
    sender.start();
  });
  app.addHook('onClose', async () => {
    await sender.stop();
  });
};

export const notifyArea: Area<NotifyAreaOptions> = {
  name: 'notify',
  needs: ['trading'],
  register: registerNotify,
  backOffice: () => adminOutboxRoutes,
};
