import type { CoinChannel } from '@meridian/contract/funds';
import { NoticeBar } from 'antd-mobile';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { CopyButton } from '../../../components/copy-button';
import { WEB_LIMITS } from '../../../lib/limits';
import './deposit.css';

/** Modules of white around the code: the QR standard's quiet zone, so any camera finds its edges. */
const QR_QUIET_ZONE_MODULES = 4;

/**
 * Where to send the coins: the platform's address on the chosen network as a QR code and as text
 * with a copy button, and the warning that matters most (the network must match). While the address
 * is a fresh installation's placeholder, neither code nor address is offered: nobody is invited to
 * send coins to it.
 */
export function ReceivingAddressCard({ channel }: { channel: CoinChannel }) {
  const { t } = useTranslation();
  if (channel.address_placeholder === 1) {
    return (
      <NoticeBar
        className="funds-notice"
        color="alert"
        wrap
        content={t('funds.deposit.addressNotSet')}
        data-testid="address-not-set"
      />
    );
  }
  const names = { coin: channel.currency_code, network: channel.protocol_code };
  return (
    <section className="address-card" aria-label={t('funds.deposit.receivingAddress')}>
      <div className="address-qr">
        <QRCodeSVG
          value={channel.address}
          size={WEB_LIMITS.depositQrSizePx}
          level="M"
          marginSize={QR_QUIET_ZONE_MODULES}
          bgColor="#ffffff"
          fgColor="#111827"
          title={t('funds.deposit.qrLabel', names)}
          data-testid="address-qr"
        />
      </div>
      <span className="address-label">{t('funds.deposit.receivingAddressOn', names)}</span>
      <div className="address-text" dir="ltr" data-testid="receiving-address">
        {channel.address}
      </div>
      <CopyButton text={channel.address} size="middle" fill="solid" block className="address-copy">
        {t('funds.deposit.copyAddress')}
      </CopyButton>
      <p className="address-warning">{t('funds.deposit.networkWarning', names)}</p>
    </section>
  );
}
