// The execution area's front door: the only file other areas import.
export { type ExecutionAreaOptions, executionArea } from './execution.area';
export { staffQuality } from './quality.service';
export type { ExecutionQualityJob } from './quality-job';
