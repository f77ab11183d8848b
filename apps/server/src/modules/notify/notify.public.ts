// The messages area's front door (verification codes, the outbox): the only file other areas
// import. What it does not export is private.

export {
  type CodeCheck,
  type CodeDestination,
  type CodeRequest,
  checkCode,
  codeRejectionKey,
  consumeCode,
  issueCode,
} from './codes.service';
export { type NotifyAreaOptions, notifyArea } from './notify.area';
export { type CustomerNotice, countUndeliveredMessages, queueCustomerNotice } from './outbox.service';
