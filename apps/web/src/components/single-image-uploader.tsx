import type { UploadPurpose } from '@meridian/contract/upload';
import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import type { ReactNode } from 'react';
import { apiUrl } from '../lib/api-client';
import { uploadImage } from '../lib/upload-image';
import './single-image-uploader.css';

/** An uploaded picture: the name a submission sends and the address that shows it now. */
export type UploadedImage = { name: string; url: string };

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

function toItems(image: UploadedImage | undefined): ImageUploadItem[] {
  return image ? [{ key: image.name, url: image.url, extra: image.name }] : [];
}

function toImage(items: ImageUploadItem[]): UploadedImage | undefined {
  const first = items[0];
  return first && typeof first.extra === 'string' ? { name: first.extra, url: first.url } : undefined;
}

type SingleImageUploaderProps = {
  className: string;
  purpose: UploadPurpose;
  value: UploadedImage | undefined;
  onChange(image: UploadedImage | undefined): void;
  /** Told when an upload starts and ends. */
  onBusyChange?(busy: boolean): void;
  /** The empty tile's content. */
  children: ReactNode;
};

/**
 * One picture, uploaded as soon as it is picked (with a spinner on the tile), then shown as a
 * preview that can be opened or removed. A failed upload is toasted by the API client and the
 * picked image cleared (spec section 8).
 */
export function SingleImageUploader({
  className,
  purpose,
  value,
  onChange,
  onBusyChange,
  children,
}: SingleImageUploaderProps) {
  const upload = async (file: File): Promise<ImageUploadItem> => {
    onBusyChange?.(true);
    try {
      const result = await uploadImage(file, purpose);
      return { key: result.name, url: apiUrl(result.url), extra: result.name };
    } finally {
      onBusyChange?.(false);
    }
  };
  return (
    <ImageUploader
      className={`single-image-uploader ${className}`}
      value={toItems(value)}
      onChange={(items) => onChange(toImage(items))}
      upload={upload}
      maxCount={1}
      showFailed={false}
      accept={ACCEPTED_TYPES}
      imageFit="cover"
    >
      {children}
    </ImageUploader>
  );
}
