import { cleanup, waitFor } from '@testing-library/react';
import { Dialog, Toast } from 'antd-mobile';
import { expect } from 'vitest';
import { pendingAntdUnmounts } from '../lib/antd-render';

/**
 * Unmounts the rendered app and everything it left outside its tree, and waits until React is done.
 * Toasts and dialogs live outside the rendered tree: none may leak into the next test. Their roots
 * unmount after the closing animation, on a timer: give the animation its frames, then wait until
 * every unmount asked for is done (a state: on a loaded machine a fixed wait was not enough) and let
 * React's scheduler finish its task, or it runs after the file's jsdom is torn down and fails with
 * "window is not defined" outside any test.
 */
export async function unmountApp(): Promise<void> {
  Toast.clear();
  Dialog.clear();
  cleanup();
  await new Promise((resolve) => setTimeout(resolve, 20));
  await waitFor(() => expect(pendingAntdUnmounts()).toBe(0), { timeout: 10_000 });
  await new Promise((resolve) => setImmediate(resolve));
}
