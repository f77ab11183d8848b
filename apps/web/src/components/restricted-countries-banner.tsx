import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';

function wasDismissed(): boolean {
  try {
    return sessionStorage.getItem(STORAGE_KEYS.restrictedBannerDismissed) === '1';
  } catch {
    return false;
  }
}

/**
 * Spec section 1: services are not offered to North Korea, Israel, China, Vanuatu and Cuba.
 * It can be closed, and comes back in the next browser session, so nobody misses it for long.
 *
 * Plain markup, not antd-mobile's NoticeBar: index.html's static shell paints the same notice before
 * any JavaScript (public/boot-notice.js), and this one takes its place at the same size. Its
 * stylesheet (restricted-countries-banner.css) is in index.html, inlined at build with the shell's.
 */
export function RestrictedCountriesBanner() {
  const { t } = useTranslation();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (dismissed) return null;
  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(STORAGE_KEYS.restrictedBannerDismissed, '1');
    } catch {
      // Private browsing can refuse storage; the banner then simply returns on reload.
    }
  };
  return (
    <div className="restricted-banner">
      <span className="restricted-banner-icon" aria-hidden="true" />
      <p className="restricted-banner-text">{t('banner.restrictedCountries')}</p>
      <button
        type="button"
        className="restricted-banner-close"
        aria-label={t('common.close')}
        onClick={dismiss}
      />
    </div>
  );
}
