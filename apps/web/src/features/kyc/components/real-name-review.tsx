import './real-name.css';
import type { RealNameCenter } from '@meridian/contract/kyc';
import { Image, ImageViewer, List, Result } from 'antd-mobile';
import { ClockCircleFill } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useDateFormat } from '../../../hooks/use-date-format';
import { apiUrl } from '../../../lib/api-client';

type RealNameReviewProps = { center: RealNameCenter; verified: boolean };

/**
 * The submission as the server holds it: "under review" (review_status 1) or verified (2), with
 * the name, the masked ID number and, while under review, the two photos to check what was sent.
 */
export function RealNameReview({ center, verified }: RealNameReviewProps) {
  const { t } = useTranslation();
  const dates = useDateFormat();
  const photos = [center.front_pic, center.reverse_pic].filter(Boolean).map(apiUrl);
  return (
    <div className="real-name-review">
      <Result
        className="real-name-result"
        status={verified ? 'success' : 'waiting'}
        icon={verified ? undefined : <ClockCircleFill className="real-name-pending-icon" />}
        title={t(verified ? 'kyc.verifiedTitle' : 'kyc.pendingTitle')}
        description={t(verified ? 'kyc.verifiedHint' : 'kyc.pendingHint')}
      />
      <List className="detail-list" header={t('kyc.submitted')}>
        <List.Item extra={<bdi>{center.name}</bdi>}>{t('kyc.name')}</List.Item>
        <List.Item extra={<bdi className="masked-id">{center.card_id}</bdi>}>{t('kyc.cardId')}</List.Item>
        {center.submitted_at && (
          <List.Item extra={dates.dateTime(center.submitted_at)}>{t('kyc.submittedAt')}</List.Item>
        )}
        {verified && center.reviewed_at && (
          <List.Item extra={dates.dateTime(center.reviewed_at)}>{t('kyc.verifiedAt')}</List.Item>
        )}
      </List>
      {!verified && photos.length > 0 && (
        <div className="id-photo-pair id-photo-review">
          {photos.map((url, index) => (
            <button
              key={url}
              type="button"
              className="id-photo-thumb"
              aria-label={t(index === 0 ? 'kyc.front' : 'kyc.back')}
              onClick={() => ImageViewer.Multi.show({ images: photos, defaultIndex: index })}
            >
              <Image src={url} fit="cover" alt="" lazy={false} />
              <span className="id-photo-caption">{t(index === 0 ? 'kyc.front' : 'kyc.back')}</span>
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
