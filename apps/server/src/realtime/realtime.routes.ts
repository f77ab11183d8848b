import websocket from '@fastify/websocket';
import { normalizeLanguage } from '@meridian/contract/languages';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { SessionInvalid } from '../http/errors';
import { authenticate } from '../modules/auth/sessions.service';
import type { SessionCheck } from './connection';
import type { RealtimeHub } from './hub';
import { releaseUpgrade } from './upgrade-release';

/**
 * The socket route `/v1/ws` (ARCHITECTURE.md "Realtime"). Registered in a context of its own, so
 * @fastify/websocket's hooks wrap only this route, not every HTTP route of the app.
 */
export async function realtimeRoutes(
  app: FastifyInstance,
  { context, hub }: { context: ServerContext; hub: RealtimeHub },
): Promise<void> {
  await app.register(websocket, {
    // ws refuses a larger frame itself, closing the socket (1009) before reading it into memory.
    options: { maxPayload: hub.limits.inboundMessageBytesMax, perMessageDeflate: false },
    // A client's bad frame (too large, malformed) is its fault, not ours: ws has already closed
    // the socket with the right code, so it is noted, not logged as our error.
    errorHandler: (error, socket, request) => {
      request.log.info({ err: error }, 'socket closed after a protocol error');
      socket.terminate();
    },
    preClose: (done) => {
      hub.closeSockets().then(() => done(), done);
    },
  });

  const verify: SessionCheck = async (token) => {
    try {
      const user = await authenticate(context, token);
      return { userId: user.id };
    } catch (error) {
      if (error instanceof SessionInvalid) return null;
      throw error;
    }
  };

  const log = app.log;
  app.get('/v1/ws', { websocket: true }, (socket, request) => {
    releaseUpgrade(socket, request, log);
    hub.accept(socket, { lang: languageOf(request), verify });
  });
}

/** Browsers cannot set headers on a socket, so the language comes as `?lang=`; default hk. */
function languageOf(request: FastifyRequest) {
  const query = request.query as { lang?: unknown } | undefined;
  const lang = query?.lang;
  if (typeof lang === 'string') return normalizeLanguage(lang);
  return request.lang;
}
