import { useEffect } from 'react';

/** antd-mobile's overlays; a closed one stays in the page with `display: none`. */
const OVERLAY = '.adm-popup, .adm-center-popup';

function isShown(element: Element): boolean {
  return element instanceof HTMLElement && element.style.display !== 'none' && element.isConnected;
}

/**
 * Closes the topmost open dialog, the way its own dismissal does; true when there was one.
 * antd-mobile (a touch kit) has no keyboard dismissal. A confirm or notice shown imperatively
 * (Dialog.confirm, Dialog.show) is cancelled by antd-mobile's Dialog.clear, which answers a confirm
 * "no" (its mask does nothing: it must be answered). A declarative sheet or popup is closed through
 * its mask's button, which calls the page's own onMaskClick, so the page's state follows.
 */
export function closeTopmostDialog(root: ParentNode = document): boolean {
  const open = [...root.querySelectorAll(OVERLAY)].filter(isShown);
  const top = open.at(-1);
  if (!top) return false;
  if (top.classList.contains('adm-dialog')) {
    // Only ever reached with a dialog on screen, so antd's dialog module is already loaded.
    void import('./clear-dialogs').then((module) => module.clearDialogs());
    return true;
  }
  const maskButton = top.querySelector<HTMLElement>(':scope > .adm-mask .adm-mask-aria-button');
  if (!maskButton) return false;
  maskButton.click();
  return true;
}

/** Esc closes the topmost dialog, sheet or popup: the desktop layout is used with a keyboard. */
export function useEscapeClosesDialogs(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented || event.isComposing) return;
      if (closeTopmostDialog()) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}
