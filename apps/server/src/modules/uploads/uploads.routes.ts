import { createReadStream } from 'node:fs';
import multipart from '@fastify/multipart';
import { envelope } from '@meridian/contract/envelope';
import { LIMITS } from '@meridian/contract/limits';
import {
  ImageParams,
  ImageQuery,
  type StoredUploadPurpose,
  UNASSIGNED_UPLOAD,
  UploadPurpose,
  UploadQuery,
  UploadResult,
} from '@meridian/contract/upload';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { Rejection } from '../../http/errors';
import { translate } from '../../http/i18n';
import { SERVER_LIMITS } from '../../limits';
import { userOf } from '../auth/auth.public';
import * as service from './uploads.service';

const tags = ['uploads'];
const security = [{ token: [] }];

/** Multipart errors whose cause is the client's file, answered as a business refusal. */
const TOO_LARGE_CODES = new Set([
  'FST_REQ_FILE_TOO_LARGE',
  'FST_FILES_LIMIT',
  'FST_PARTS_LIMIT',
  'FST_FIELDS_LIMIT',
]);

type UploadForm = { bytes: Buffer | undefined; purpose: string | undefined };

/** Reads the form: the `file` part into memory (bounded by fileSize), the `purpose` field, nothing else. */
async function readUploadForm(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { bytes: undefined, purpose: undefined };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'file' && form.bytes === undefined) form.bytes = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === 'purpose' && typeof part.value === 'string') {
        form.purpose = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && TOO_LARGE_CODES.has(code)) {
      throw new Rejection('error.upload_too_large', { mb: LIMITS.uploadBytesMax / (1024 * 1024) });
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new Rejection('error.upload_missing');
    // Anything else the parser throws is the client's body (cut short, a broken boundary): the
    // same refusal as an unreadable image, never a 500.
    throw new Rejection('error.upload_unreadable');
  }
  return form;
}

/** The form's purpose, else the query's, else none named: `unassigned`, claimed by its first use. */
function purposeOf(form: UploadForm, query: UploadPurpose | undefined): StoredUploadPurpose {
  if (form.purpose === undefined || form.purpose === '') return query ?? UNASSIGNED_UPLOAD;
  const parsed = UploadPurpose.safeParse(form.purpose);
  if (!parsed.success) throw new Rejection('validation.upload_purpose');
  return parsed.data;
}

export const uploadRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  // Multipart is parsed only in this plugin: every other endpoint takes query, form or JSON.
  await app.register(multipart, {
    limits: { fileSize: LIMITS.uploadBytesMax, files: 1, fields: 4, fieldSize: 100, parts: 6 },
  });

  app.post(
    '/api/common/image_upload',
    {
      bodyLimit: LIMITS.uploadBytesMax + SERVER_LIMITS.multipartOverheadBytes,
      schema: {
        tags,
        security,
        description:
          'multipart/form-data with the image in `file` (JPEG, PNG or WebP, judged by content) and an ' +
          'optional `purpose` (kyc, proof or chat). Without one the upload is `unassigned`: the first ' +
          'call that uses it (a deposit proof, an identity photo, a chat image) claims it for good. ' +
          'Answers a signed address that works for the owner for a short time, and the name later calls take.',
        consumes: ['multipart/form-data'],
        querystring: UploadQuery,
        response: { 200: envelope(UploadResult) },
      },
    },
    async (request) => {
      const user = userOf(request);
      const form = await readUploadForm(request);
      if (!form.bytes || form.bytes.length === 0) throw new Rejection('error.upload_missing');
      const purpose = purposeOf(form, request.query.purpose);
      return ok(request, await service.uploadImage(context, user, { purpose, bytes: form.bytes }));
    },
  );

  app.get(
    '/api/common/image/:name',
    {
      schema: {
        tags,
        description: 'A private image, through the signed address an API answer gave. 403 otherwise.',
        params: ImageParams,
        querystring: ImageQuery,
      },
    },
    async (request, reply) => {
      const image = await service.openImage(context, {
        name: request.params.name,
        exp: request.query.exp,
        sig: request.query.sig,
        viewer: request.query.v,
        requestUserId: request.user?.id ?? null,
      });
      if (!image) {
        return reply
          .status(403)
          .send({ code: 0, msg: translate(request.lang, 'error.image_forbidden'), data: null });
      }
      return (
        reply
          .type(image.mime)
          .header('cache-control', `private, max-age=${image.maxAgeSeconds}`)
          .header('content-disposition', 'inline')
          // The app may live on another subdomain than the API (spec section 7).
          .header('cross-origin-resource-policy', 'same-site')
          .send(createReadStream(image.path))
      );
    },
  );
};
