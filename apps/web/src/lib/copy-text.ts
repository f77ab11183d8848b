/**
 * Puts text on the clipboard. The Clipboard API needs a secure context; a phone opening the app by
 * a LAN address over plain http has none, so the old selection-and-copy command is the fallback.
 * Resolves false when neither worked, so the caller can tell the customer to copy by hand.
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, page not focused): try the fallback below.
  }
  return copyWithSelection(text);
}

function copyWithSelection(text: string): boolean {
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen but still selectable; a hidden element cannot be selected.
  area.style.position = 'fixed';
  area.style.insetInlineStart = '-9999px';
  area.style.top = '0';
  document.body.appendChild(area);
  area.select();
  try {
    // execCommand is deprecated but is the only copy that works outside a secure context.
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}
