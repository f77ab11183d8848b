import { Toast } from 'antd-mobile';
import type { Notifier } from './api-client';
import { WEB_LIMITS } from './limits';

/** The API client's toasts, with antd-mobile's Toast (one at a time: a new one replaces the last). */
export const toastNotifier: Notifier = {
  message(text) {
    Toast.show({ content: text, duration: WEB_LIMITS.toastDurationMs });
  },
  showLoading() {
    Toast.show({ icon: 'loading', duration: 0, maskClickable: false });
  },
  hideLoading() {
    Toast.clear();
  },
};
