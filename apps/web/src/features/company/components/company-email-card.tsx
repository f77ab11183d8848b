import { Button, ErrorBlock, Skeleton } from 'antd-mobile';
import { MailOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { useComplaintEmail } from '../api/get-complaint-email';
import './company-email-card.css';

type CompanyEmailCardProps = {
  /** The signed-in user's number, for the mail's subject, so the company finds the account at once. */
  uid: string | undefined;
};

/** /mine/email: the company's complaint address with a copy button and a link that starts a mail. */
export function CompanyEmailCard({ uid }: CompanyEmailCardProps) {
  const { t } = useTranslation();
  const complaint = useComplaintEmail();

  if (complaint.isPending) {
    return (
      <div className="intro-card email-card" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={3} animated />
      </div>
    );
  }
  if (complaint.isError || !complaint.data.email) {
    return (
      <ErrorBlock
        status="disconnected"
        title={t('common.loadFailed')}
        description={t('common.loadFailedHint')}
      >
        <Button color="primary" fill="outline" onClick={() => void complaint.refetch()}>
          {t('common.retry')}
        </Button>
      </ErrorBlock>
    );
  }
  const { email, company_name: companyName } = complaint.data;
  const subject = uid ? t('companyEmail.subject', { uid }) : '';
  const mailto = `mailto:${email}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`;
  return (
    <section className="intro-card email-card">
      <div className="intro-card-icon email-card-icon" aria-hidden="true">
        <MailOutline fontSize={28} />
      </div>
      <h2 className="email-card-title">{t('companyEmail.title')}</h2>
      <p className="email-card-text">{t('companyEmail.hint', { company: companyName })}</p>
      <div className="email-card-address" dir="ltr">
        {email}
      </div>
      {uid && <p className="email-card-uid">{t('companyEmail.includeUid', { uid })}</p>}
      <div className="email-card-actions">
        <a className="link-button" href={mailto}>
          <MailOutline aria-hidden="true" />
          {t('companyEmail.write')}
        </a>
        <CopyButton text={email} size="large" fill="outline" block>
          {t('companyEmail.copy')}
        </CopyButton>
      </div>
    </section>
  );
}
