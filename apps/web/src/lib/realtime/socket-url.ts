/** The socket's path on the API host (spec section 7). */
export const SOCKET_PATH = '/v1/ws';

/**
 * The socket address: the API origin ('' = the page's own) with ws or wss for http or https, and
 * the language as `?lang=` because a browser cannot set headers on a socket.
 */
export function socketUrl(apiOrigin: string, pageOrigin: string, language: string): string {
  const url = new URL(apiOrigin || pageOrigin);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = SOCKET_PATH;
  url.search = new URLSearchParams({ lang: language }).toString();
  url.hash = '';
  return url.toString();
}
