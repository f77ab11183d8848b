import './real-name.css';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { apiUrl } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';

/** An uploaded identity photo: the name the submission takes and the address that shows it now. */
export type UploadedPhoto = { name: string; url: string };

type IdPhotoFieldProps = {
  /** Set by the surrounding Form.Item. */
  value?: UploadedPhoto;
  onChange?: (photo: UploadedPhoto | undefined) => void;
  label: string;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

function toItems(photo: UploadedPhoto | undefined): ImageUploadItem[] {
  return photo ? [{ key: photo.name, url: photo.url, extra: photo.name }] : [];
}

function toPhoto(items: ImageUploadItem[]): UploadedPhoto | undefined {
  const first = items[0];
  return first && typeof first.extra === 'string' ? { name: first.extra, url: first.url } : undefined;
}

/**
 * One side of an ID document (spec section 5: at most one file). The picture is uploaded as soon
 * as it is picked (purpose kyc), with a spinner on the tile; when the upload fails the server's
 * reason is toasted and the picked image is cleared (spec section 8), so the tile is empty again.
 */
export function IdPhotoField({ value, onChange, label }: IdPhotoFieldProps) {
  const upload = async (file: File): Promise<ImageUploadItem> => {
    const result = await uploadImage(file, 'kyc');
    return { key: result.name, url: apiUrl(result.url), extra: result.name };
  };
  return (
    <ImageUploader
      className="id-photo-uploader"
      value={toItems(value)}
      onChange={(items) => onChange?.(toPhoto(items))}
      upload={upload}
      maxCount={1}
      showFailed={false}
      accept={ACCEPTED_TYPES}
      imageFit="cover"
    >
      <span className="id-photo-button">
        <PictureOutline fontSize={28} aria-hidden="true" />
        <span className="id-photo-label">{label}</span>
      </span>
    </ImageUploader>
  );
}
