/** Every key the app keeps in localStorage or sessionStorage, so none collide or get lost. */
export const STORAGE_KEYS = {
  user: 'meridian.user',
  language: 'meridian.language',
  demoDevice: 'meridian.demo-device',
  restrictedBannerDismissed: 'meridian.restricted-banner-dismissed',
  currentInstrument: 'meridian.current-instrument',
  chartPeriod: 'meridian.chart-period',
  balanceVisibility: 'meridian.balance-visibility',
} as const;
