import type { Area } from '../area';
import type { BackOfficeRoutes } from '../staff/staff.public';
import { adminCustomersRoutes } from './admin-customers.routes';
import { customerContextRoutes } from './customer-context.routes';

/**
 * The customers area: the back office's customer search, a customer's page, internal notes and
 * the login actions. It has no customer-facing routes: everything is mounted by the back office,
 * behind its staff guard. It owns the `customer_notes` table and reads the rest through the other
 * areas' front doors.
 */
const customersBackOfficeRoutes: BackOfficeRoutes = async (app, { context }) => {
  await app.register(adminCustomersRoutes, { context });
  await app.register(customerContextRoutes, { context });
};

export const customersArea: Area = {
  name: 'customers',
  needs: [],
  backOffice: () => customersBackOfficeRoutes,
};
