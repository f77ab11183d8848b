import { type Envelope, ResponseCode } from '@meridian/contract/envelope';
import type { FastifyRequest } from 'fastify';
import { translate } from './i18n';

/** A success envelope; the message is translated like every other server message. */
export function ok<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: ResponseCode.success, msg: translate(request.lang, 'success'), data };
}
