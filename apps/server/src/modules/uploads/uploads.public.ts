// The uploads area's front door: the only file other areas import. What it does not export is private.
export type { ImageViewer } from './signed-urls';
export { registerUploads } from './uploads.area';
export { findOwnUpload, imageUrl, ownerImageUrl } from './uploads.service';
