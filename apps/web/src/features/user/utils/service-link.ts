import { SERVICE_LINK_TYPE } from '@meridian/contract/settings-codes';
/** Where customer service lives when the back office has not set a link: our own chat page. */
export const DEFAULT_SERVICE_PATH = '/mine/chat';

/**
 * Spec section 2: service_link_type 2 shows the link in a dialog with a copy button, 3 opens it in
 * the current window, anything else in a new one. A link that is a path of this app opens in the
 * app (the current window, without a reload).
 */
export type ServiceLinkAction =
  | { kind: 'dialog'; link: string }
  | { kind: 'route'; path: string }
  | { kind: 'same-window'; url: string }
  | { kind: 'new-window'; url: string };

function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//');
}

export function serviceLinkAction(link: string | undefined, type: number | undefined): ServiceLinkAction {
  const target = link?.trim() || DEFAULT_SERVICE_PATH;
  if (type === SERVICE_LINK_TYPE.dialog) return { kind: 'dialog', link: target };
  if (type === SERVICE_LINK_TYPE.sameWindow)
    return isAppPath(target) ? { kind: 'route', path: target } : { kind: 'same-window', url: target };
  return { kind: 'new-window', url: target };
}
