import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { SERVER_LIMITS } from '../limits';

/**
 * How a stopping node lets its HTTP connections go (docs/operations.md, "Rolling restarts"), so a
 * client never loses a request the node accepted and learns at once to go elsewhere:
 * - from the moment the app starts closing, every answer carries `Connection: close` (Fastify adds
 *   it to requests that arrive while closing, which it still serves: `return503OnClosing: false`
 *   in app.ts; this adds it to those already in flight), so a keep-alive client opens its next
 *   connection through the load balancer, to another node;
 * - idle kept-alive connections are closed (Node does it when the listener closes) and, until the
 *   server has closed, so is any that turns idle later: the server's close waits for every
 *   connection, and a kept-alive one would otherwise hold it for the whole keep-alive timeout.
 * Requests in flight finish before the areas' stop hooks run (the engine, the market, the
 * database stay up for them): Fastify closes the server first.
 */
async function gracefulClose(app: FastifyInstance): Promise<void> {
  let closing = false;
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    closing = true;
    sweep = setInterval(() => app.server.closeIdleConnections(), SERVER_LIMITS.shutdownIdleSweepMs);
    sweep.unref();
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (closing && request.raw.httpVersionMajor < 2) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
  });
}

export default fp(gracefulClose, { name: 'graceful-close' });
