import { z } from 'zod';
import { exactText } from './fields';

// The topics live in a file without zod, so the web app's first screen can name them cheaply.
export * from './topics';

/** What a client sends. `ping` may also be the bare text `ping`. */
export const ClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('login'), params: z.object({ token: exactText(200) }) }),
  z.object({ type: z.literal('logout'), params: z.unknown().optional() }),
  z.object({ type: z.literal('sub'), params: z.object({ topic: exactText(64) }) }),
  z.object({ type: z.literal('unsub'), params: z.object({ topic: exactText(64) }) }),
  z.object({ type: z.literal('ping'), params: z.unknown().optional() }),
]);
export type ClientMessage = z.infer<typeof ClientMessage>;

/**
 * What the server sends: replies to a client's own message, and pushes on a topic. Codes are the
 * envelope's: 1 done, 0 refused (with `msg`), 999 the login token is invalid or expired. A login
 * reply with 999 also comes unasked when the socket's session ends (a logout, a password change):
 * the socket is anonymous again, without the user's topics. A bare text `ping` is answered with
 * the bare text `pong`.
 */
export type ServerReply =
  | { type: 'pong' }
  | { type: 'login'; code: number; msg: string }
  | { type: 'logout'; code: number; msg: string }
  | { type: 'sub' | 'unsub'; code: number; topic: string; msg?: string };
export type ServerPush<T = unknown> = { type: 'push'; topic: string; data: T };
