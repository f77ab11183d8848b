import './real-name.css';
import { PictureOutline } from 'antd-mobile-icons';
import { SingleImageUploader, type UploadedImage } from '../../../components/single-image-uploader';

/** An uploaded identity photo: the name the submission takes and the address that shows it now. */
export type UploadedPhoto = UploadedImage;

type IdPhotoFieldProps = {
  /** Set by the surrounding Form.Item. */
  value?: UploadedPhoto;
  onChange?: (photo: UploadedPhoto | undefined) => void;
  label: string;
};

/**
 * One side of an ID document (spec section 5: at most one file). The picture is uploaded as soon
 * as it is picked (purpose kyc), with a spinner on the tile; when the upload fails the server's
 * reason is toasted and the picked image is cleared (spec section 8), so the tile is empty again.
 */
export function IdPhotoField({ value, onChange, label }: IdPhotoFieldProps) {
  return (
    <SingleImageUploader
      className="id-photo-uploader"
      purpose="kyc"
      value={value}
      onChange={(photo) => onChange?.(photo)}
    >
      <span className="single-image-tile id-photo-button">
        <PictureOutline fontSize={28} aria-hidden="true" />
        <span className="id-photo-label">{label}</span>
      </span>
    </SingleImageUploader>
  );
}
