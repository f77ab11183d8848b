import { Dialog, Toast } from 'antd-mobile';
import type { TFunction } from 'i18next';
import './personal-center.css';

async function copy(text: string, t: TFunction): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    Toast.show({ icon: 'success', content: t('common.copied') });
  } catch {
    // Clipboard access needs a secure context; the link stays on screen to copy by hand.
    Toast.show({ content: t('common.copyFailed') });
  }
}

/** service_link_type 2: the link in a dialog with a copy button. */
export function showServiceLinkDialog(link: string, t: TFunction): void {
  Dialog.show({
    title: t('user.entries.customerService'),
    content: <div className="service-link">{link}</div>,
    closeOnAction: true,
    actions: [
      [
        { key: 'close', text: t('common.close') },
        { key: 'copy', text: t('common.copy'), bold: true, onClick: () => copy(link, t) },
      ],
    ],
  });
}
