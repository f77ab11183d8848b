import websocket from '@fastify/websocket';
import { withoutControlCharacters } from '@meridian/contract/fields';
import { normalizeLanguage } from '@meridian/contract/languages';
import { STAFF_TOPICS } from '@meridian/contract/support-staff';
import { type StaffPermission, type StaffRoleName, staffMay } from '@meridian/domain/staff-roles';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { originAdmitted } from '../http/cors-origins';
import { SessionInvalid } from '../http/errors';
import { translate } from '../http/i18n';
import { SERVER_LIMITS } from '../limits';
import { authenticate } from '../modules/auth/auth.public';
import { liveStaffSessions, staffSocketLogin, staffSocketSubscribe } from '../modules/staff/staff.public';
import type { ConnectionChecks, SessionCheck } from './connection';
import type { RealtimeHub } from './hub';
import type { StaffChecks } from './staff-connection';
import { releaseUpgrade } from './upgrade-release';

/**
 * The socket route `/v1/ws` (ARCHITECTURE.md "Realtime"). Registered in a context of its own, so
 * @fastify/websocket's hooks wrap only this route, not every HTTP route of the app. Ended sessions
 * (the auth module's `sessions.ended`) reach the hub here, which carries them to every node.
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
      return { userId: user.id, sessionId: user.sessionId };
    } catch (error) {
      if (error instanceof SessionInvalid) return null;
      throw error;
    }
  };

  const checks: ConnectionChecks = { verify, instrumentExists: (id) => context.market.has(id) };
  const offSessionsEnded = context.events.on('sessions.ended', (ended) => hub.endSessions(ended));

  // The staff socket: staff sessions only, staff topics only, each for the roles its permission allows.
  const staffChecks: StaffChecks = {
    kind: 'staff',
    verifyStaff: (token) => staffSocketLogin(context, token),
    mayListen: (login, address, topic) =>
      staffSocketSubscribe(
        context,
        { staffId: login.staffId, sessionId: login.sessionId, role: login.role as StaffRoleName },
        withoutControlCharacters(address),
        topic,
        STAFF_TOPICS[topic] as StaffPermission,
      ),
  };
  const allows = (role: string, topic: string) => {
    const permission = STAFF_TOPICS[topic];
    return permission !== undefined && staffMay(role as StaffRoleName, permission);
  };
  const log = app.log;
  const recheck = setInterval(() => {
    hub
      .recheckStaff((ids) => liveStaffSessions(context, ids), allows)
      .catch((error: unknown) => log.error({ err: error }, 'staff socket sessions check failed'));
  }, SERVER_LIMITS.staffSocketRecheckSeconds * 1000);
  recheck.unref();

  app.addHook('onClose', async () => {
    offSessionsEnded();
    clearInterval(recheck);
  });

  // Before the upgrade: a client address over its socket limit gets an HTTP answer, no socket.
  const admitAddress = async (request: FastifyRequest, reply: FastifyReply) => {
    if (hub.admits(request.ip)) return;
    const max = hub.limits.socketsPerAddressMax;
    return reply.status(429).send({
      code: 0,
      msg: translate(request.lang, 'error.sockets_per_address_max', { max }),
      data: null,
    });
  };

  // With CORS_ORIGINS set, a browser's socket comes from our own host or one of those origins: a page
  // of any other site cannot open the customer socket (a client with no Origin, not a browser, can).
  const allowedOrigins = new Set(context.config.corsOrigins);
  const admitOrigin = async (request: FastifyRequest, reply: FastifyReply) => {
    if (allowedOrigins.size === 0) return;
    if (originAdmitted(request.headers.origin, request.headers.host, allowedOrigins)) return;
    return reply
      .status(403)
      .send({ code: 0, msg: translate(request.lang, 'error.origin_forbidden'), data: null });
  };

  app.get('/v1/ws', { websocket: true, onRequest: [admitOrigin, admitAddress] }, (socket, request) => {
    releaseUpgrade(socket, request, log);
    hub.accept(socket, { lang: languageOf(request), address: request.ip, checks });
  });

  // Outside /admin/api and its guard (a browser cannot send the header on a socket): the login
  // frame carries the staff token. Same hub, so the same limits and the same Redis bridge.
  app.get('/admin/ws', { websocket: true, onRequest: admitAddress }, (socket, request) => {
    releaseUpgrade(socket, request, log);
    hub.accept(socket, { lang: languageOf(request), address: request.ip, checks: staffChecks });
  });
}

/** Browsers cannot set headers on a socket, so the language comes as `?lang=`; default hk. */
function languageOf(request: FastifyRequest) {
  const query = request.query as { lang?: unknown } | undefined;
  const lang = query?.lang;
  if (typeof lang === 'string') return normalizeLanguage(lang);
  return request.lang;
}
