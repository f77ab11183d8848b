import { CodeSent, SendEmailRequest, SendSmsRequest } from '@meridian/contract/auth';
import { envelope } from '@meridian/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, type RouteGroup } from '../../http/route-schemas';
import * as verification from './verification.service';

const tags = ['auth'];
const withoutToken: RouteGroup = { tags };

/** Verification codes by e-mail and SMS (spec section 7, /api/notify). */
export const verificationRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/api/notify/send_email',
    {
      schema: {
        tags,
        security: [{}, { token: [] }],
        body: SendEmailRequest,
        response: { 200: envelope(CodeSent) },
      },
    },
    async (request) =>
      ok(
        request,
        await verification.requestEmailCode(context, request.body, {
          user: request.user,
          address: request.ip,
          language: request.lang,
        }),
      ),
  );

  app.post('/api/notify/send_sms', bodyRoute(withoutToken, SendSmsRequest, CodeSent), async (request) =>
    ok(
      request,
      await verification.requestSmsCode(context, request.body, {
        user: null,
        address: request.ip,
        language: request.lang,
      }),
    ),
  );
};
