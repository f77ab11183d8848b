import { ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';

/**
 * Lets go of what the HTTP upgrade left attached to a socket that lives on as a WebSocket.
 *
 * @fastify/websocket answers the upgrade through a ServerResponse assigned to the TCP socket
 * (`socket._httpMessage`), and that response's listeners hold Fastify's request and reply: about
 * 5 KiB of headers and objects per socket, kept for the socket's whole life (80 MB at 10,000
 * sockets, which every full collection marks). ws wrote the 101 itself and the response is never
 * used again, so it is detached, as Node does when a response ends. The plugin's error listener
 * also closes over the request and reply; it is replaced by one that holds only the logger.
 */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest, log: FastifyBaseLogger): void {
  const tcp = request.raw.socket;
  // Not in Node's types: the response an HTTP server socket is currently answering.
  const response = (tcp as unknown as { _httpMessage?: unknown })._httpMessage;
  if (response instanceof ServerResponse) response.detachSocket(tcp);
  socket.removeAllListeners('error');
  socket.on('error', (error) => {
    // A client's bad frame (too large, malformed) is its fault: ws has already closed the socket
    // with the right code, so it is noted, not logged as our error.
    log.info({ err: error }, 'socket closed after a protocol error');
    socket.terminate();
  });
}
