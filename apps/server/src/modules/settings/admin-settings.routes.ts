import {
  SettingListQuery,
  StaffSettingList,
  StaffSettingUpdate,
  UpdateSettingRequest,
} from '@meridian/contract/settings-staff';
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as service from './settings-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const settingEditors = staffRoutesWith('settings.edit');

/** The settings (permission settings.edit); mounted under /admin/api behind the staff guard. */
export const settingsBackOfficeRoutes = routeTable([
  settingEditors.get('/settings', SettingListQuery, StaffSettingList, service.listStaffSettings),
  settingEditors.post(
    '/settings/update',
    UpdateSettingRequest,
    StaffSettingUpdate,
    service.updateStaffSetting,
  ),
]);
