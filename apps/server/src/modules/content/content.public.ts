// The content area's front door: the only file other areas import. What it does not export is private.
export { contentArea } from './content.area';
export { seedContent } from './content.service';
