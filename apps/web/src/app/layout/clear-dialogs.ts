import { Dialog } from 'antd-mobile';

/**
 * Cancels the dialogs shown imperatively (Dialog.confirm answers "no"). Loaded by Esc only, on its
 * own: importing antd's dialog module from the layout, even lazily, drew it into the first screen's
 * files (the bundler shares one chunk between it and the home page's button).
 */
export function clearDialogs(): void {
  Dialog.clear();
}
