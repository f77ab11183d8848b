import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../../../../../test/wait';
import { connectionConfig, openTransport, sessionDescription } from './fix-engine';

const closers: Array<() => void> = [];
afterEach(() => {
  for (const close of closers.splice(0)) close();
});

/** Both ends of one loopback TCP connection. */
async function socketPair(): Promise<{ ours: net.Socket; theirs: net.Socket }> {
  const accepted = new Promise<net.Socket>((resolve) => {
    const server = net.createServer((socket) => resolve(socket));
    closers.push(() => server.close());
    server.listen(0, '127.0.0.1', () => {
      const theirs = net.connect((server.address() as net.AddressInfo).port, '127.0.0.1');
      closers.push(() => theirs.destroy());
      pair.theirs = theirs;
    });
  });
  const pair: { theirs?: net.Socket } = {};
  const ours = await accepted;
  closers.push(() => ours.destroy());
  await until(() => pair.theirs?.readyState === 'open', 'the connection');
  return { ours, theirs: pair.theirs! };
}

describe('openTransport', () => {
  it('hands a reset of a transport no session listens to any more to its handler, not to the process', async () => {
    const { ours, theirs } = await socketPair();
    const config = await connectionConfig(
      sessionDescription({
        role: 'acceptor',
        senderCompId: 'LP',
        targetCompId: '*',
        resetOnLogon: true,
        heartbeatSeconds: 30,
      }),
      undefined,
    );
    const errors: string[] = [];
    const transport = openTransport(1, config, ours, (error) => errors.push(error.message));
    // As after a stopped session: the transport is ended and lingers half-closed, no session listening.
    transport.end();
    theirs.resetAndDestroy();
    await until(() => errors.length > 0, 'the reset reported');
    expect(errors[0]).toMatch(/ECONNRESET/);
  });
});
