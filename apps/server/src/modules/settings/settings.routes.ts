import { envelope } from '@meridian/contract/envelope';
import { AreaList, BasicInfo, NoQuery, SettingQuery, SettingValue } from '@meridian/contract/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { priceSourceOf } from '../../feed-config';
import { ok } from '../../http/envelope';
import * as service from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (app, { context }) => {
  const { db } = context;

  app.get(
    '/api/default/area_list',
    { schema: { tags: ['settings'], querystring: NoQuery, response: { 200: envelope(AreaList) } } },
    async (request) => ok(request, await service.listAreaCodes(db, request.lang)),
  );

  app.get(
    '/api/basicSet/getBasicInfo',
    { schema: { tags: ['settings'], querystring: NoQuery, response: { 200: envelope(BasicInfo) } } },
    async (request) => ok(request, await service.getBasicInfo(db, priceSourceOf(context.config.feeds))),
  );

  app.get(
    '/api/default/setting',
    { schema: { tags: ['settings'], querystring: SettingQuery, response: { 200: envelope(SettingValue) } } },
    async (request) => {
      const key = request.query.key;
      return ok(request, { key, value: await service.getSetting(db, key) });
    },
  );
};
