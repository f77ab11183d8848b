// jspurefix through one door: tsyringe, its dependency injection, throws at load unless the Reflect
// metadata polyfill was loaded before it, and ES modules evaluate imports in order.
import 'reflect-metadata';

export type {
  FixDefinitions,
  IJsFixConfig,
  IJsFixLogger,
  ISessionDescription,
  ISessionMsgFactory,
  JsFixLogFields,
  MsgView,
} from 'jspurefix';
export {
  AsciiSession,
  DefinitionFactory,
  DITokens,
  JsFixConfig,
  JsFixLoggerFactory,
  MsgTransport,
  SessionContainer,
  TcpDuplex,
} from 'jspurefix';
