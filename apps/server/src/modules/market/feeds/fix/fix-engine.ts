import type { Socket } from 'node:net';
import { maskPassword } from './fix-log';
import {
  DefinitionFactory,
  DITokens,
  type FixDefinitions,
  type IJsFixConfig,
  type IJsFixLogger,
  type ISessionDescription,
  type ISessionMsgFactory,
  JsFixConfig,
  type JsFixLogFields,
  JsFixLoggerFactory,
  MsgTransport,
  SessionContainer,
  TcpDuplex,
} from './jspurefix';

/**
 * The glue between Meridian and jspurefix (5.11): the FIX 4.4 dictionary (QuickFIX's FIX44.xml, the
 * library's `qf44`), one engine configuration per TCP connection, and the library's own log lines
 * routed to our logger. Shared by the adapter and the test peer.
 */

export type FeedLogger = {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
};

let definitions: Promise<FixDefinitions> | undefined;

/** The FIX 4.4 dictionary, parsed once per process (about 100 ms) and read-only afterwards. */
function fix44Definitions(): Promise<FixDefinitions> {
  definitions ??= new DefinitionFactory().getDefinitions('qf44');
  return definitions;
}

/**
 * The library's logger: its info lines (a state change per message) are dropped; its warnings reach
 * ours as warnings, its errors (the reason a session ended, which the adapter reports itself) as
 * info; tag 554 masked, should a message text ever carry it.
 */
class EngineLogFactory extends JsFixLoggerFactory {
  constructor(private readonly target: FeedLogger | undefined) {
    super();
  }
  logger(type: string, _context?: JsFixLogFields): IJsFixLogger {
    const target = this.target;
    return {
      info: () => {},
      debug: () => {},
      warning: (message: string) => target?.warn(`fix engine ${type}: ${maskPassword(message)}`),
      error: (error: Error) => target?.info(`fix engine ${type}: ${maskPassword(error.message)}`),
    };
  }
  plain(_fileName: string): IJsFixLogger {
    return this.logger('plain');
  }
}

/**
 * A fresh engine configuration for one connection: its own container (parse and send buffers,
 * parser, transmitter, session message factory), so nothing of a dropped connection's partial
 * message survives into the next. Built by hand rather than through the library's launcher, whose
 * logger factory lives in the process-wide container and would be shared by every session.
 */
export async function connectionConfig(
  description: ISessionDescription,
  logger: FeedLogger | undefined,
): Promise<IJsFixConfig> {
  const defs = await fix44Definitions();
  const sessions = new SessionContainer();
  const scope = sessions.newChild(description);
  const factory = scope.resolve<ISessionMsgFactory>(DITokens.ISessionMsgFactory);
  const config = new JsFixConfig(factory, defs, description, undefined, new EngineLogFactory(logger));
  sessions.registerSession(config, scope);
  return config;
}

/**
 * The library's transport over one TCP connection, with a lasting error listener. Its parser
 * re-emits the socket's errors, but a stopped session stops listening while the transport lets the
 * socket linger half-closed (5 s): a reset in that window (the other side hanging up after a
 * refused logon) would be an 'error' with no listener, an uncaught exception that stops the process.
 */
export function openTransport(
  id: number,
  config: IJsFixConfig,
  socket: Socket,
  onError: (error: Error) => void,
): MsgTransport {
  const transport = new MsgTransport(id, config, new TcpDuplex(socket));
  transport.receiver.on('error', onError);
  transport.transmitter.on('error', onError);
  return transport;
}

/** A FIX 4.4 session description as jspurefix reads it. */
export function sessionDescription(options: {
  role: 'initiator' | 'acceptor';
  senderCompId: string;
  targetCompId: string;
  username?: string;
  password?: string;
  resetOnLogon: boolean;
  heartbeatSeconds: number;
}): ISessionDescription {
  // The library's type marks every field required; an absent sub id or user is left out of the
  // wire (the encoder skips undefined fields), hence the cast.
  return {
    application: {
      name: options.role === 'initiator' ? 'meridian' : 'fix-peer',
      type: options.role,
      protocol: 'ascii',
      dictionary: 'qf44',
      resilient: false,
      reconnectSeconds: 1,
    },
    Name: options.role,
    BeginString: 'FIX.4.4',
    SenderCompId: options.senderCompId,
    TargetCompID: options.targetCompId,
    Username: options.username,
    Password: options.password,
    ResetSeqNumFlag: options.resetOnLogon,
    HeartBtInt: options.heartbeatSeconds,
  } as ISessionDescription;
}
