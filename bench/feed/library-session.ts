import net from 'node:net';
import {
  connectionConfig,
  openTransport,
  sessionDescription,
} from '../../apps/server/src/modules/market/feeds/fix/fix-engine';
import {
  AsciiSession,
  type IJsFixConfig,
  type MsgView,
} from '../../apps/server/src/modules/market/feeds/fix/jspurefix';
import { marketDataRequest } from '../../apps/server/src/modules/market/feeds/fix/market-data-request';
import { SYMBOL } from './wire';

/**
 * jspurefix's own initiator session with nothing of ours in it: logon, then every application
 * message only counted (no reading of its fields, no log, no quote). Its rate over the same loopback
 * TCP is what the library's session layer (sequence checks and its session store, per message)
 * allows: no adapter on top of it can go faster.
 */
class CountingSession extends AsciiSession {
  received = 0;
  private waiting: { count: number; resolve: () => void } | undefined;
  private readyResolve!: () => void;
  readonly ready = new Promise<void>((resolve) => {
    this.readyResolve = resolve;
  });

  constructor(config: IJsFixConfig) {
    super(config);
    this.heartbeat = false;
    this.logReceivedMsgs = false;
  }

  until(count: number): Promise<void> {
    if (this.received >= count) return Promise.resolve();
    return new Promise((resolve) => {
      this.waiting = { count, resolve };
    });
  }

  protected override onApplicationMsg(_msgType: string, _view: MsgView): void {
    this.received += 1;
    if (this.waiting && this.received >= this.waiting.count) {
      this.waiting.resolve();
      this.waiting = undefined;
    }
  }
  protected override onReady(_view: MsgView): void {
    this.send('V', marketDataRequest(`${SYMBOL}-bench`, SYMBOL, 'subscribe'));
    this.readyResolve();
  }
  protected override onStopped(_error?: Error): void {}
  protected override onLogon(_view: MsgView, _user: string, _password: string): boolean {
    return true;
  }
  protected override onDecoded(_msgType: string, _text: string): void {}
  protected override onEncoded(_msgType: string, _text: string): void {}
}

/**
 * Messages per second through the library's session alone: connects to `port` (a provider that
 * answers the logon and hands over its socket on the subscription), writes `bytes` (`count`
 * messages from sequence 2) and times until the session has counted them all.
 */
export async function librarySessionRate(
  port: number,
  subscribed: () => Promise<net.Socket>,
  bytes: Buffer,
  count: number,
): Promise<number> {
  const socket = await new Promise<net.Socket>((resolve, reject) => {
    const connection = net.connect({ host: '127.0.0.1', port }, () => resolve(connection));
    connection.once('error', reject);
  });
  socket.setNoDelay(true);
  const config = await connectionConfig(
    sessionDescription({
      role: 'initiator',
      senderCompId: 'MERIDIAN',
      targetCompId: 'LP',
      username: 'bench',
      password: 'bench',
      resetOnLogon: true,
      heartbeatSeconds: 30,
    }),
    undefined,
  );
  const session = new CountingSession(config);
  // Its end is not waited for: the library resolves it on a logout, which this count never sends.
  void session.run(openTransport(1, config, socket, () => {})).catch(() => {});
  await session.ready;
  const provider = await subscribed();
  const started = performance.now();
  provider.write(bytes);
  await session.until(count);
  const rate = count / ((performance.now() - started) / 1000);
  socket.destroy();
  provider.destroy();
  return rate;
}
