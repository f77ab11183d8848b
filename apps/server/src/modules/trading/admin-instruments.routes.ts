import {
  InstrumentListQuery,
  StaffInstrument,
  StaffInstrumentList,
  UpdateInstrumentRequest,
} from '@meridian/contract/instruments-staff';
import { staffRoutesWith } from '../../http/back-office-group';
import { routeTable } from '../../http/route-table';
import * as service from './instruments-admin.service';

/** Who may use each route, declared here and checked by the staff guard before the handler. */
const instrumentEditors = staffRoutesWith('instruments.edit');

/** The instruments' terms (permission instruments.edit); mounted under /admin/api behind the staff guard. */
export const instrumentsBackOfficeRoutes = routeTable([
  instrumentEditors.get(
    '/instruments',
    InstrumentListQuery,
    StaffInstrumentList,
    service.listStaffInstruments,
  ),
  instrumentEditors.post(
    '/instruments/update',
    UpdateInstrumentRequest,
    StaffInstrument,
    service.updateStaffInstrument,
  ),
]);
