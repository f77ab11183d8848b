import { configure } from '@testing-library/react';
import { installAntdRender } from '../lib/antd-render';
import { initI18n } from '../lib/i18n';
import { startRealtime } from '../lib/realtime/realtime';
import type { fakeSocketFactory } from './fake-web-socket';

type StartOptions = {
  /** Toasts and dialogs render through React 19's root API, as in the app. */
  antdRender?: boolean;
  /** The realtime client, on these fake sockets (pages with live prices). */
  sockets?: ReturnType<typeof fakeSocketFactory>;
};

/**
 * Once per page-test file. The whole app renders in each test; on a busy machine (the full suite in
 * parallel) the default one second is too short for a lazy page to load, hence the longer wait.
 */
export async function startTestApp({ antdRender = false, sockets }: StartOptions = {}): Promise<void> {
  configure({ asyncUtilTimeout: 5_000 });
  if (antdRender) installAntdRender();
  await initI18n('en');
  if (sockets) startRealtime({ createSocket: sockets.create, getLanguage: () => 'en' });
}
