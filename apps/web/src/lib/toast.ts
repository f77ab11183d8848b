import type { ToastShowProps } from 'antd-mobile';
import { antdRenderReady } from './antd-render-ready';

type ToastKit = typeof import('antd-mobile/es/components/toast')['default'];

let loading: Promise<ToastKit> | undefined;

/**
 * antd-mobile's Toast (with its animation library), downloaded after the first screen has painted
 * rather than before it: `preloadToast` starts the download once the app has rendered,
 * and a toast asked for sooner waits for it. Calls keep their order, so a clear never overtakes the
 * show before it.
 */
function toastKit(): Promise<ToastKit> {
  loading ??= Promise.all([import('antd-mobile/es/components/toast'), antdRenderReady()]).then(
    ([module]) => module.default,
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

function withToast(use: (kit: ToastKit) => void): void {
  toastKit().then(use, (error: unknown) => console.error('Toast could not be loaded', error));
}

export const toast = {
  show(props: ToastShowProps): void {
    withToast((kit) => kit.show(props));
  },
  clear(): void {
    withToast((kit) => kit.clear());
  },
};

export function preloadToast(): void {
  void toastKit().catch(() => {});
}
