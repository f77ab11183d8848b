import { REVIEW_STATUS } from '@meridian/contract/kyc';
import { Button, ErrorBlock, NoticeBar, Skeleton } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useRealNameCenter } from '../api/get-real-name-center';
import { RealNameForm } from './real-name-form';
import { RealNameReview } from './real-name-review';

/**
 * /mine/auth by review_status (spec section 4): 0 the form (with the reason when a previous
 * submission was rejected), 1 under review, anything else verified.
 */
export function RealNameCenterView() {
  const { t } = useTranslation();
  const center = useRealNameCenter();

  if (center.isPending) {
    return (
      <div className="form-skeleton" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={5} animated />
      </div>
    );
  }
  if (center.isError) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('common.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void center.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const data = center.data;
  if (data.review_status === REVIEW_STATUS.form) {
    return (
      <>
        {data.state === 'rejected' ? (
          <NoticeBar
            className="form-notice"
            color="alert"
            wrap
            content={data.reason ? t('kyc.rejectedWithReason', { reason: data.reason }) : t('kyc.rejected')}
          />
        ) : (
          <p className="form-intro">{t('kyc.intro')}</p>
        )}
        <RealNameForm />
      </>
    );
  }
  return <RealNameReview center={data} verified={data.review_status !== REVIEW_STATUS.pending} />;
}
