// The verification codes' front door: the only file other areas import. What it does not export is
// private.

export { adminOutboxRoutes as outboxBackOfficeRoutes } from './admin-outbox.routes';
export {
  type CodeCheck,
  type CodeDestination,
  type CodeRequest,
  checkCode,
  codeRejectionKey,
  consumeCode,
  issueCode,
} from './codes.service';
export { createOutboxSender } from './outbox';
