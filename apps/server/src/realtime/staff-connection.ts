import type { ClientMessage } from '@meridian/contract/socket';
import { isStaffTopic } from '@meridian/contract/support-staff';
import type { FastifyBaseLogger } from 'fastify';
import { translate } from '../http/i18n';
import type { SocketClient } from './client';
import { dispatchMessage, loginOverLimit, loginReply, receiveFrame, refuse } from './connection';
import type { Fanout } from './fanout';
import type { SocketLimits } from './limits';
import { replyText } from './protocol';

/** A staff socket's login: who, with which staff session, in which role. */
export type StaffIdentity = { staffId: number; sessionId: number; role: string };

/** What the staff socket asks of the back office (through the staff area's front door). */
export type StaffChecks = {
  kind: 'staff';
  /** The staff member of a token, or null when it is not a live STAFF session. */
  verifyStaff(token: string): Promise<StaffIdentity | null>;
  /** Whether the login may listen on this staff topic; the answer is audited either way. */
  mayListen(login: StaffIdentity, address: string, topic: string): Promise<boolean>;
};

export type StaffConnectionDeps = StaffChecks & {
  fanout: Fanout;
  limits: SocketLimits;
  log: FastifyBaseLogger;
  nowMs(): number;
};

/**
 * One text frame on the staff socket (/admin/ws): the customer socket's protocol, but the login is
 * a staff session and the topics are the staff topics only. A frame that arrives while a login or
 * a subscription's check is under way waits for it, so their order holds.
 */
export function handleStaffFrame(deps: StaffConnectionDeps, client: SocketClient, text: string): void {
  receiveFrame(deps, client, text, (message) => handleMessage(deps, client, message));
}

function handleMessage(deps: StaffConnectionDeps, client: SocketClient, message: ClientMessage): void {
  dispatchMessage(client, message, {
    login: (token) => login(deps, client, token),
    logout: () => endStaffLogin(deps, client, false),
    subscribe: (topic) => subscribe(deps, client, topic),
    unsubscribe: (topic) => {
      if (!isStaffTopic(topic)) {
        refuse(client, 'unsub', topic, { key: 'error.topic_unknown' });
        return;
      }
      deps.fanout.unsubscribe(client, topic);
      client.send(replyText({ type: 'unsub', code: 1, topic }));
    },
  });
}

/**
 * The staff login is gone (a logout, or its session ended): the socket leaves every staff topic.
 * `tell`: say so unasked, as a refused login would be (999).
 */
export function endStaffLogin(
  deps: Pick<StaffConnectionDeps, 'fanout'>,
  client: SocketClient,
  tell: boolean,
): void {
  for (const topic of [...client.topics]) deps.fanout.unsubscribe(client, topic);
  client.staff = null;
  if (tell) {
    client.send(
      replyText({ type: 'login', code: 999, msg: translate(client.lang, 'error.session_invalid') }),
    );
  }
}

/**
 * Runs a check with the socket's later frames held back until it answers; a failure (the database
 * is down) is logged and answered with `fail`.
 */
function holding(
  deps: StaffConnectionDeps,
  client: SocketClient,
  work: () => Promise<void>,
  fail: () => void,
): void {
  client.loginPending = true;
  work()
    .catch((error: unknown) => {
      deps.log.error({ err: error }, 'staff socket check failed');
      fail();
    })
    .finally(() => {
      client.loginPending = false;
      while (client.backlog.length > 0 && !client.loginPending && client.isOpen) {
        handleStaffFrame(deps, client, client.backlog.shift() as string);
      }
    });
}

function login(deps: StaffConnectionDeps, client: SocketClient, token: string): void {
  const reply = loginReply(client);
  if (loginOverLimit(deps, client, reply)) return;
  holding(
    deps,
    client,
    async () => {
      const found = await deps.verifyStaff(token);
      if (!client.isOpen) return;
      // Another login (or a refused one) drops what the previous login was allowed.
      if (!found || found.sessionId !== client.staff?.sessionId) endStaffLogin(deps, client, false);
      if (!found) return reply(999, 'error.session_invalid');
      client.staff = found;
      reply(1, 'success');
    },
    () => reply(0, 'error.internal'),
  );
}

function subscribe(deps: StaffConnectionDeps, client: SocketClient, topic: string): void {
  const staff = client.staff;
  if (!isStaffTopic(topic)) {
    refuse(client, 'sub', topic, { key: 'error.topic_unknown' });
  } else if (!staff) {
    refuse(client, 'sub', topic, { key: 'error.topic_login_required' });
  } else if (client.topics.has(topic)) {
    client.send(replyText({ type: 'sub', code: 1, topic }));
  } else if (client.topics.size >= deps.limits.subscriptionsMax) {
    refuse(client, 'sub', topic, {
      key: 'error.subscriptions_max',
      params: { max: deps.limits.subscriptionsMax },
    });
  } else {
    listen(deps, client, staff, topic);
  }
}

/** Subscribes once the back office said (and audited) that this login may listen. */
function listen(deps: StaffConnectionDeps, client: SocketClient, staff: StaffIdentity, topic: string): void {
  holding(
    deps,
    client,
    async () => {
      const allowed = await deps.mayListen(staff, client.address, topic);
      if (!client.isOpen) return;
      // The login may have ended while the check ran.
      if (client.staff?.sessionId !== staff.sessionId) {
        return refuse(client, 'sub', topic, { key: 'error.topic_login_required' });
      }
      if (!allowed) return refuse(client, 'sub', topic, { key: 'error.staff_forbidden' });
      deps.fanout.subscribe(client, topic);
      client.send(replyText({ type: 'sub', code: 1, topic }));
    },
    () => refuse(client, 'sub', topic, { key: 'error.internal' }),
  );
}
