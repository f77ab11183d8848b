import { envelope } from '@meridian/contract/envelope';
import { Captcha, NoQuery } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import * as service from './captcha.service';

export const captchaRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/default/captcha',
    { schema: { tags: ['auth'], querystring: NoQuery, response: { 200: envelope(Captcha) } } },
    async (request) => ok(request, await service.createCaptcha(context, request.ip)),
  );
};
