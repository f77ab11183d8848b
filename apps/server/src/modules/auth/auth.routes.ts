import {
  AmendPasswordRequest,
  DemoLoginQuery,
  EmptyRequest,
  ForgetPasswordRequest,
  LoginRequest,
  RegisterRequest,
  SessionData,
  User,
} from '@meridian/contract/auth';
import { emptyData } from '@meridian/contract/envelope';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute, type RouteGroup } from '../../http/route-schemas';
import { clientOf, userOf } from './auth.guard';
import * as auth from './auth.service';
import * as passwords from './password-change.service';
import * as registration from './registration.service';

const tags = ['auth'];
const withToken: RouteGroup = { tags, token: true };
const withoutToken: RouteGroup = { tags };

export const authRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  app.get(
    '/api/user/createAccountDemoForU',
    queryRoute(withoutToken, DemoLoginQuery, SessionData),
    async (request) =>
      ok(
        request,
        await auth.demoLogin(context, request.query.demo_id, {
          ...clientOf(request),
          language: request.lang,
        }),
      ),
  );

  app.post('/api/user/loginForU', bodyRoute(withoutToken, LoginRequest, SessionData), async (request) =>
    ok(request, await auth.login(context, request.body, clientOf(request))),
  );

  app.post('/api/user/register', bodyRoute(withoutToken, RegisterRequest, SessionData), async (request) =>
    ok(
      request,
      await registration.register(context, request.body, { ...clientOf(request), language: request.lang }),
    ),
  );

  app.get('/api/user/info', queryRoute(withToken, EmptyRequest, User), async (request) =>
    ok(request, await auth.getProfile(context, userOf(request))),
  );

  app.post(
    '/api/user/amend_password',
    bodyRoute(withToken, AmendPasswordRequest, emptyData),
    async (request) => {
      await passwords.amendPassword(context, userOf(request), request.body);
      return ok(request, {});
    },
  );

  app.post(
    '/api/user/forget_password',
    bodyRoute(withoutToken, ForgetPasswordRequest, emptyData),
    async (request) => {
      await passwords.forgetPassword(context, request.body, clientOf(request));
      return ok(request, {});
    },
  );

  app.post('/api/user/logout', bodyRoute(withToken, EmptyRequest, emptyData), async (request) => {
    await auth.logout(context, userOf(request));
    return ok(request, {});
  });

  // A real customer's own demo account, a session of it beside the real one (no sign-out).
  app.post('/api/user/switch_demo', bodyRoute(withToken, EmptyRequest, SessionData), async (request) =>
    ok(request, await auth.switchToDemo(context, userOf(request), clientOf(request))),
  );
};
