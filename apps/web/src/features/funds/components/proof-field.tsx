import { ImageUploader, type ImageUploadItem } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { apiUrl } from '../../../lib/api-client';
import { uploadImage } from '../../../lib/upload-image';
import type { UploadedProof } from '../utils/deposit-checks';
import './deposit.css';
import './funds.css';

type ProofFieldProps = {
  value: UploadedProof | undefined;
  onChange(proof: UploadedProof | undefined): void;
  /** The check's message, shown under the tile. */
  error?: string | undefined;
  /** Told when an upload starts and ends, so the form is not sent without the proof being picked. */
  onBusyChange(busy: boolean): void;
};

const ACCEPTED_TYPES = 'image/jpeg,image/png,image/webp';

function toItems(proof: UploadedProof | undefined): ImageUploadItem[] {
  return proof ? [{ key: proof.name, url: proof.url, extra: proof.name }] : [];
}

function toProof(items: ImageUploadItem[]): UploadedProof | undefined {
  const first = items[0];
  return first && typeof first.extra === 'string' ? { name: first.extra, url: first.url } : undefined;
}

/**
 * The payment proof: one picture, uploaded as a private `proof` as soon as it is picked (with the
 * spinner), then shown as a preview the customer can open or remove. A failed upload is toasted by
 * the API client and the picked image cleared (spec section 8).
 */
export function ProofField({ value, onChange, error, onBusyChange }: ProofFieldProps) {
  const { t } = useTranslation();
  const upload = async (file: File): Promise<ImageUploadItem> => {
    onBusyChange(true);
    try {
      const result = await uploadImage(file, 'proof');
      return { key: result.name, url: apiUrl(result.url), extra: result.name };
    } finally {
      onBusyChange(false);
    }
  };
  return (
    <div className={`funds-field proof-field${error ? ' has-error' : ''}`} data-field="proof">
      <span className="funds-field-label">{t('funds.deposit.proof')}</span>
      <ImageUploader
        className="proof-uploader"
        value={toItems(value)}
        onChange={(items) => onChange(toProof(items))}
        upload={upload}
        maxCount={1}
        showFailed={false}
        accept={ACCEPTED_TYPES}
        imageFit="cover"
      >
        <span className="proof-button">
          <PictureOutline fontSize={26} aria-hidden="true" />
          <span>{t('funds.deposit.proofAdd')}</span>
        </span>
      </ImageUploader>
      {error ? (
        <p className="funds-field-error" role="alert">
          {error}
        </p>
      ) : (
        <p className="funds-field-hint">{t('funds.deposit.proofHint')}</p>
      )}
    </div>
  );
}
