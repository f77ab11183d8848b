import { ResponseCode } from '@meridian/contract/envelope';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Rejection, SessionInvalid } from './errors';
import { type MessageParams, translate } from './i18n';
import { withNumbersFor } from './number-params';

type ValidationItem = { instancePath: string; message?: string; params?: Record<string, unknown> };

/**
 * A customer's refusal writes its numbers as the app does for the reader's language; the back
 * office's keep the figures as stored (staff reconcile them with the ledger, docs/decisions.md
 * "Numbers as traders read them").
 */
function numbersForReader(request: FastifyRequest, params: MessageParams): MessageParams {
  return request.url.startsWith('/admin/') ? params : withNumbersFor(request.lang, params);
}

function fieldLabel(lang: string, field: string): string {
  const key = `fields.${field}`;
  const label = translate(lang, key);
  return label === key ? field : label;
}

function readField(source: unknown, field: string): unknown {
  if (source && typeof source === 'object') return (source as Record<string, unknown>)[field];
  return undefined;
}

/** Turns the first schema issue into one clear sentence in the request's language. */
function validationMessage(request: FastifyRequest, items: ValidationItem[]): string {
  const first = items[0];
  const field = first?.instancePath.replace(/^\//, '').split('/')[0] ?? '';
  const raw = readField(request.body, field) ?? readField(request.query, field);
  let key = first?.message?.startsWith('validation.') ? first.message : 'validation.invalid';
  if (raw === undefined || raw === '') key = 'validation.required';
  const params: MessageParams = { field: fieldLabel(request.lang, field) };
  const minimum = first?.params?.minimum;
  const maximum = first?.params?.maximum;
  if (typeof minimum === 'number' || typeof minimum === 'bigint') params.min = Number(minimum);
  if (typeof maximum === 'number' || typeof maximum === 'bigint') params.max = Number(maximum);
  return translate(request.lang, key, numbersForReader(request, params));
}

/**
 * The one error handler: rejections answer code 0 with a translated message, an invalid
 * session answers 999, transport faults keep their 4xx status, and anything else is logged and
 * answered with a generic message that reveals nothing of the inside.
 */
export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof Rejection) {
    return reply.status(200).send({
      code: ResponseCode.rejected,
      // Its prices, amounts and limits written as the app writes numbers in the reader's language.
      msg: translate(request.lang, error.key, numbersForReader(request, error.params)),
      data: null,
    });
  }
  if (error instanceof SessionInvalid) {
    return reply.status(200).send({
      code: ResponseCode.sessionInvalid,
      msg: translate(request.lang, 'error.session_invalid'),
      data: null,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    return reply
      .status(200)
      .send({ code: ResponseCode.rejected, msg: validationMessage(request, error.validation), data: null });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const key = status === 413 ? 'error.too_large' : status === 404 ? 'error.not_found' : 'error.bad_request';
    return reply
      .status(status)
      .send({ code: ResponseCode.rejected, msg: translate(request.lang, key), data: null });
  }
  request.log.error({ err: error }, 'request failed');
  return reply
    .status(500)
    .send({ code: ResponseCode.rejected, msg: translate(request.lang, 'error.internal'), data: null });
}
