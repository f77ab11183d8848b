/**
 * Close codes of the realtime socket (RFC 6455 section 7.4 and IANA's registry) that a client acts
 * on. In a file without zod, so the web app's socket imports it cheaply.
 */
export const SOCKET_CLOSE = {
  /**
   * The node is stopping for a restart (a rolling restart, docs/operations.md): the client
   * reconnects at once, which the load balancer sends to another node, instead of backing off.
   */
  serviceRestart: 1012,
} as const;
