// The uploads area's front door: the only file other areas import. What it does not export is private.
export type { ImageViewer } from './signed-urls';
export { uploadsArea } from './uploads.area';
export { claimOwnUpload, imageUrl, ownerImageUrl } from './uploads.service';
