import {
  SettingListQuery,
  StaffSettingList,
  StaffSettingUpdate,
  UpdateSettingRequest,
} from '@meridian/contract/settings-staff';
import { rolesWith } from '@meridian/domain/staff-roles';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ServerContext } from '../../context';
import { backOfficeGroup } from '../../http/back-office-group';
import { ok } from '../../http/envelope';
import { bodyRoute, queryRoute } from '../../http/route-schemas';
import { staffOf } from '../staff/staff.public';
import * as service from './settings-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const settingEditors = backOfficeGroup(rolesWith('settings.edit'));

/** The settings (permission settings.edit); mounted under /admin/api behind the staff guard. */
export const settingsBackOfficeRoutes: FastifyPluginAsyncZod<{ context: ServerContext }> = async (
  app,
  { context },
) => {
  app.get('/settings', queryRoute(settingEditors, SettingListQuery, StaffSettingList), async (request) =>
    ok(request, await service.listStaffSettings(context, staffOf(request))),
  );

  app.post(
    '/settings/update',
    bodyRoute(settingEditors, UpdateSettingRequest, StaffSettingUpdate),
    async (request) => ok(request, await service.updateStaffSetting(context, staffOf(request), request.body)),
  );
};
