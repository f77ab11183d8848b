import { envelope } from '@meridian/contract/envelope';
import {
  SettingListQuery,
  StaffSettingList,
  StaffSettingUpdate,
  UpdateSettingRequest,
} from '@meridian/contract/settings-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { ok } from '../../http/envelope';
import { staffOf } from '../staff/staff.public';
import * as service from './settings-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const settingEditors = rolesWith('settings.edit');
const tags = ['back office'];
const security = [{ token: [] }];

/** The settings (permission settings.edit); mounted under /admin/api behind the staff guard. */
export const settingsBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/settings',
    {
      config: { staffRoles: settingEditors },
      schema: {
        tags,
        security,
        querystring: SettingListQuery,
        response: { 200: envelope(StaffSettingList) },
      },
    },
    async (request) => ok(request, await service.listStaffSettings(context, staffOf(request))),
  );

  app.post(
    '/settings/update',
    {
      config: { staffRoles: settingEditors },
      schema: { tags, security, body: UpdateSettingRequest, response: { 200: envelope(StaffSettingUpdate) } },
    },
    async (request) => ok(request, await service.updateStaffSetting(context, staffOf(request), request.body)),
  );
};
