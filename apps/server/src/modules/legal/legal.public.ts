// The legal area's front door: the only file other areas import.
export { legalArea } from './legal.area';
export {
  acceptancesOf,
  acceptancesToRecord,
  recordAcceptances,
  seedLegal,
} from './legal.service';
