// The dashboard's front door: the only file other areas import. It reads the other areas through
// their front doors and owns no table.
export { type DashboardAreaOptions, dashboardArea } from './dashboard.area';
