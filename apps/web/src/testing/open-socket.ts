import { act } from '@testing-library/react';
import type { FakeWebSocket, fakeSocketFactory } from './fake-web-socket';

/** The socket the app opened last, opened by the "server" if it is not yet. */
export function openSocket(sockets: ReturnType<typeof fakeSocketFactory>): FakeWebSocket {
  const socket = sockets.latest();
  if (socket.readyState !== 1) act(() => socket.serverOpens());
  return socket;
}
