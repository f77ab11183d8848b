import type { User } from '@meridian/contract/auth';
import { Badge, Dialog, List, Toast } from 'antd-mobile';
import { GiftOutline, RightOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useResetDemoAccount } from '../api/reset-demo-account';
import { type Entry, entriesFor, entryAction } from '../utils/entries';
import { serviceLinkAction } from '../utils/service-link';
import { AccountCard } from './account-card';
import { BalanceCard } from './balance-card';
import { EntryIcon } from './entry-icon';
import { showServiceLinkDialog } from './service-link-dialog';
import './personal-center.css';
import './balance-card.css';

type PersonalCenterProps = {
  user: User;
  /** From the base settings (service_link, service_link_type); undefined until they arrive. */
  serviceLink: { link: string; type: number } | undefined;
  onNavigate: (path: string) => void;
  /** Customer-service messages not read yet; a badge on that entry when above 0. */
  unreadService?: number;
  /** The switch between the customer's real and demo accounts (src/app), under the account. */
  accountSwitch?: ReactNode;
};

const INVITE_PATH = '/mine/invite';
const DEPOSIT_PATH = '/mine/charge';

/** The personal center: who is signed in, then the entries of spec section 2 in order. */
export function PersonalCenter({
  user,
  serviceLink,
  onNavigate,
  unreadService = 0,
  accountSwitch,
}: PersonalCenterProps) {
  const { t } = useTranslation();
  const resetDemo = useResetDemoAccount();
  const isDemo = user.is_demo === 1;

  const openCustomerService = () => {
    const action = serviceLinkAction(serviceLink?.link, serviceLink?.type);
    if (action.kind === 'route') onNavigate(action.path);
    else if (action.kind === 'dialog') showServiceLinkDialog(action.link, t);
    else if (action.kind === 'same-window') window.location.assign(action.url);
    else window.open(action.url, '_blank', 'noopener,noreferrer');
  };

  const confirmResetDemo = async () => {
    const confirmed = await Dialog.confirm({
      content: t('user.resetDemoConfirm'),
      confirmText: t('common.confirm'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await resetDemo.mutateAsync();
      Toast.show({ icon: 'success', content: t('user.resetDemoDone') });
    } catch {
      // The API client has shown the server's message.
    }
  };

  const open = (entry: Entry) => {
    const action = entryAction(entry, isDemo);
    switch (action.kind) {
      case 'real-only':
        Toast.show({ content: t('user.onlyRealAccount') });
        return;
      case 'navigate':
        onNavigate(action.path);
        return;
      case 'reset-demo':
        void confirmResetDemo();
        return;
      case 'customer-service':
        openCustomerService();
        return;
    }
  };

  return (
    <div className="personal-center">
      <AccountCard user={user} />
      {accountSwitch}
      <BalanceCard onDeposit={isDemo ? undefined : () => onNavigate(DEPOSIT_PATH)} />
      {user.invite_code && (
        // Spec section 2 lists /mine/invite but no entry for it: a card under the account opens it.
        <button type="button" className="plain-button invite-entry" onClick={() => onNavigate(INVITE_PATH)}>
          <GiftOutline className="invite-entry-icon" fontSize={24} aria-hidden="true" />
          <span className="invite-entry-text">
            <span className="invite-entry-title">{t('invite.entryTitle')}</span>
            <span className="invite-entry-hint">{t('invite.entryHint')}</span>
          </span>
          <RightOutline className="invite-entry-arrow" aria-hidden="true" />
        </button>
      )}
      <List className="entry-list">
        {entriesFor(isDemo).map((entry) => (
          <List.Item
            key={entry.id}
            prefix={<EntryIcon id={entry.id} />}
            extra={
              entry.id === 'customerService' && unreadService > 0 ? (
                <Badge
                  content={unreadService > 99 ? '99+' : String(unreadService)}
                  aria-label={t('chat.unread', { count: unreadService })}
                />
              ) : undefined
            }
            onClick={() => open(entry)}
            arrow
          >
            {t(`user.entries.${entry.id}`)}
          </List.Item>
        ))}
      </List>
    </div>
  );
}
