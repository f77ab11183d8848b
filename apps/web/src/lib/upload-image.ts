import { type UploadPurpose, UploadResult } from '@meridian/contract/upload';
import { api } from './api-client';

/**
 * POST /api/common/image_upload: one image as multipart `file` with its `purpose`. It lives in lib,
 * not in a feature, because identity photos, chat pictures and deposit proofs all send it and
 * features do not import each other. The API client shows the loading spinner while it runs and
 * toasts the server's refusal (too large, not an image, demo account).
 */
export function uploadImage(file: Blob, purpose: UploadPurpose): Promise<UploadResult> {
  const form = new FormData();
  form.append('purpose', purpose);
  form.append('file', file);
  return api.upload('/api/common/image_upload', form, { schema: UploadResult });
}
