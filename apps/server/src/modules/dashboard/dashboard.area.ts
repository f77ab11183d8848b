import type { Area } from '../area';
import { dashboardRoutes } from './dashboard.routes';
import type { NodeFigures } from './dashboard.service';

/** This node's own figures (its sockets, its feed's health), which the services' context does not carry. */
export type DashboardAreaOptions = { dashboard: NodeFigures };

/**
 * The dashboard: the back office's figures, read from the other areas' front doors. It owns no table
 * and has no customer-facing routes.
 */
export const dashboardArea: Area<DashboardAreaOptions> = {
  name: 'dashboard',
  needs: [],
  backOffice: ({ dashboard }) => dashboardRoutes(dashboard),
};
