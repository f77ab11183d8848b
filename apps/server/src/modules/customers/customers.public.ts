// The customers area's front door: the only file other areas import. What it does not export is private.
export { customersArea } from './customers.area';
