import { useEffect } from 'react';

/** antd-mobile's overlays; a closed one stays in the page with `display: none`. */
const OVERLAY = '.adm-popup, .adm-center-popup';

function isShown(element: Element): boolean {
  return element instanceof HTMLElement && element.style.display !== 'none' && element.isConnected;
}

/**
 * Closes the topmost open dialog, the way its own dismissal does; true when there was one.
 * antd-mobile (a touch kit) has no keyboard dismissal: a declarative popup is closed through its
 * mask's button (which calls the page's own onMaskClick, so the page's state follows); a confirm or
 * notice shown imperatively (Dialog.confirm, Dialog.show) has no mask button, and is cancelled by
 * antd-mobile's Dialog.clear, which resolves a confirm as "no".
 */
export function closeTopmostDialog(root: ParentNode = document): boolean {
  const open = [...root.querySelectorAll(OVERLAY)].filter(isShown);
  const top = open.at(-1);
  if (!top) return false;
  const maskButton = top.querySelector<HTMLElement>(':scope > .adm-mask .adm-mask-aria-button');
  if (maskButton) {
    maskButton.click();
    return true;
  }
  if (top.classList.contains('adm-dialog')) {
    // Only ever reached with a dialog on screen, so the module is already loaded: this costs no download.
    void import('antd-mobile/es/components/dialog').then((module) => module.default.clear());
    return true;
  }
  return false;
}

/** Esc closes the topmost dialog, sheet or popup (issue 16, keyboard on the desktop layout). */
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
