import { PictureOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { SingleImageUploader } from '../../../components/single-image-uploader';
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

/**
 * The payment proof: one picture, uploaded as a private `proof` as soon as it is picked (with the
 * spinner), then shown as a preview the customer can open or remove. A failed upload is toasted by
 * the API client and the picked image cleared (spec section 8).
 */
export function ProofField({ value, onChange, error, onBusyChange }: ProofFieldProps) {
  const { t } = useTranslation();
  return (
    <div className={`funds-field proof-field${error ? ' has-error' : ''}`} data-field="proof">
      <span className="funds-field-label">{t('funds.deposit.proof')}</span>
      <SingleImageUploader
        className="proof-uploader"
        purpose="proof"
        value={value}
        onChange={onChange}
        onBusyChange={onBusyChange}
      >
        <span className="single-image-tile proof-button">
          <PictureOutline fontSize={26} aria-hidden="true" />
          <span>{t('funds.deposit.proofAdd')}</span>
        </span>
      </SingleImageUploader>
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
