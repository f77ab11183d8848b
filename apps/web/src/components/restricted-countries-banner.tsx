import { NoticeBar } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../lib/storage-keys';
import './restricted-countries-banner.css';

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
    <NoticeBar
      className="restricted-banner"
      color="alert"
      wrap
      closeable
      onClose={dismiss}
      content={t('banner.restrictedCountries')}
    />
  );
}
