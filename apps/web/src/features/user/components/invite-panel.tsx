import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { inviteLinkOf } from '../utils/invite-link';
import './invite-panel.css';

type InvitePanelProps = {
  inviteCode: string;
  invitedCount: number;
  /** The page's origin: the link opens this same app's sign-up page. */
  origin: string;
};

/** Modules of white around the code: the QR standard's quiet zone, so any camera finds its edges. */
const QR_QUIET_ZONE_MODULES = 4;
const QR_SIZE_PX = 208;

/** /mine/invite: the invite link with a copy button, its QR code and how many friends signed up. */
export function InvitePanel({ inviteCode, invitedCount, origin }: InvitePanelProps) {
  const { t } = useTranslation();
  const link = inviteLinkOf(origin, inviteCode);
  return (
    <div className="invite-panel">
      <section className="invite-card">
        <h2 className="invite-title">{t('invite.title')}</h2>
        <p className="invite-hint">{t('invite.hint')}</p>
        <div className="invite-qr">
          <QRCodeSVG
            value={link}
            size={QR_SIZE_PX}
            level="M"
            marginSize={QR_QUIET_ZONE_MODULES}
            bgColor="#ffffff"
            fgColor="#111827"
            title={t('invite.qrLabel')}
            data-testid="invite-qr"
          />
        </div>
        <div className="invite-code-row">
          <span className="invite-code-label">{t('invite.code')}</span>
          <bdi className="invite-code">{inviteCode}</bdi>
          <CopyButton text={inviteCode} fill="none" />
        </div>
        <div className="invite-link" dir="ltr">
          {link}
        </div>
        <CopyButton text={link} size="large" fill="solid" block className="invite-copy-link">
          {t('invite.copyLink')}
        </CopyButton>
      </section>
      <section className="invite-stats" aria-live="polite">
        <span className="invite-stats-label">{t('invite.invitedCount')}</span>
        <span className="invite-stats-value">{invitedCount}</span>
      </section>
    </div>
  );
}
