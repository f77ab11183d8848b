import type { Notifier } from './api-client';
import { WEB_LIMITS } from './limits';
import { toast } from './toast';

/** The API client's toasts, with antd-mobile's Toast (one at a time: a new one replaces the last). */
export const toastNotifier: Notifier = {
  message(text) {
    toast.show({ content: text, duration: WEB_LIMITS.toastDurationMs });
  },
  showLoading() {
    toast.show({ icon: 'loading', duration: 0, maskClickable: false });
  },
  hideLoading() {
    toast.clear();
  },
};
