// The legal area's front door: the only file other areas import.
export { legalBackOfficeRoutes } from './admin-legal.routes';
export { registerLegal } from './legal.area';
export {
  type Acceptance,
  acceptancesOf,
  acceptancesToRecord,
  recordAcceptances,
  seedLegal,
} from './legal.service';
