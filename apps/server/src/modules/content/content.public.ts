// The content area's front door: the only file other areas import. What it does not export is private.
export { contentBackOfficeRoutes } from './admin-content.routes';
export { registerContent } from './content.area';
export { seedContent } from './content.service';
