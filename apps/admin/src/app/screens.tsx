import {
  AuditOutlined,
  BankOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DownloadOutlined,
  IdcardOutlined,
  LineChartOutlined,
  MailOutlined,
  NotificationOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  UploadOutlined,
  UserSwitchOutlined,
} from '@ant-design/icons';
import type { StaffPermission } from '@meridian/domain/staff-roles';
import { type ComponentType, type LazyExoticComponent, lazy, type ReactNode } from 'react';

/**
 * One back-office screen: its path under /admin, its menu label (`nav.<navKey>`), the permission it
 * needs (packages/domain's table, the one the server's routes declare) and its page, loaded on first
 * visit so each screen is its own chunk. The menu lists the screens the signed-in role may use;
 * a screen is added here only once it works end to end. The order is the menu's: customers and
 * their reviews first, then support and content, then the market's terms and the admin's tools.
 */
export type Screen = {
  path: string;
  navKey: string;
  permission: StaffPermission;
  icon: ReactNode;
  page: LazyExoticComponent<ComponentType>;
};

export const SCREENS: Screen[] = [
  {
    path: '/dashboard',
    navKey: 'dashboard',
    permission: 'dashboard.read',
    icon: <DashboardOutlined />,
    page: lazy(() =>
      import('../features/dashboard/dashboard-page').then((m) => ({ default: m.DashboardPage })),
    ),
  },
  {
    path: '/customers',
    navKey: 'customers',
    permission: 'customers.read',
    icon: <TeamOutlined />,
    page: lazy(() =>
      import('../features/customers/customers-page').then((m) => ({ default: m.CustomersPage })),
    ),
  },
  {
    path: '/identity',
    navKey: 'identity',
    permission: 'kyc.review',
    icon: <IdcardOutlined />,
    page: lazy(() => import('../features/identity/identity-page').then((m) => ({ default: m.IdentityPage }))),
  },
  {
    path: '/deposits',
    navKey: 'deposits',
    permission: 'funds.review',
    icon: <DownloadOutlined />,
    page: lazy(() => import('../features/funds/deposits-page').then((m) => ({ default: m.DepositsPage }))),
  },
  {
    path: '/withdrawals',
    navKey: 'withdrawals',
    permission: 'funds.review',
    icon: <UploadOutlined />,
    page: lazy(() =>
      import('../features/funds/withdrawals-page').then((m) => ({ default: m.WithdrawalsPage })),
    ),
  },
  {
    path: '/channels',
    navKey: 'channels',
    permission: 'funds.review',
    icon: <BankOutlined />,
    page: lazy(() => import('../features/funds/channels-page').then((m) => ({ default: m.ChannelsPage }))),
  },
  {
    // Control changes waiting for a second admin: admins decide, finance sees its own.
    path: '/proposals',
    navKey: 'proposals',
    permission: 'proposals.read',
    icon: <SafetyCertificateOutlined />,
    page: lazy(() =>
      import('../features/proposals/proposals-page').then((m) => ({ default: m.ProposalsPage })),
    ),
  },
  {
    path: '/support',
    navKey: 'support',
    permission: 'support.read',
    icon: <CustomerServiceOutlined />,
    page: lazy(() => import('../features/support/support-page').then((m) => ({ default: m.SupportPage }))),
  },
  {
    path: '/news',
    navKey: 'news',
    permission: 'content.edit',
    icon: <ReadOutlined />,
    page: lazy(() => import('../features/content/news-page').then((m) => ({ default: m.NewsPage }))),
  },
  {
    path: '/announcements',
    navKey: 'announcements',
    permission: 'content.edit',
    icon: <NotificationOutlined />,
    page: lazy(() =>
      import('../features/content/announcements-page').then((m) => ({ default: m.AnnouncementsPage })),
    ),
  },
  {
    path: '/company',
    navKey: 'company',
    permission: 'content.edit',
    icon: <ShopOutlined />,
    page: lazy(() => import('../features/content/company-page').then((m) => ({ default: m.CompanyPage }))),
  },
  {
    path: '/legal',
    navKey: 'legal',
    permission: 'content.edit',
    icon: <SafetyOutlined />,
    page: lazy(() => import('../features/legal/legal-page').then((m) => ({ default: m.LegalPage }))),
  },
  {
    path: '/instruments',
    navKey: 'instruments',
    permission: 'instruments.edit',
    icon: <LineChartOutlined />,
    page: lazy(() =>
      import('../features/instruments/instruments-page').then((m) => ({ default: m.InstrumentsPage })),
    ),
  },
  {
    path: '/settings',
    navKey: 'settings',
    permission: 'settings.edit',
    icon: <SettingOutlined />,
    page: lazy(() => import('../features/settings/settings-page').then((m) => ({ default: m.SettingsPage }))),
  },
  {
    path: '/outbox',
    navKey: 'outbox',
    permission: 'outbox.read',
    icon: <MailOutlined />,
    page: lazy(() => import('../features/outbox/outbox-page').then((m) => ({ default: m.OutboxPage }))),
  },
  {
    path: '/audit',
    navKey: 'audit',
    permission: 'audit.read',
    icon: <AuditOutlined />,
    page: lazy(() => import('../features/audit/audit-page').then((m) => ({ default: m.AuditPage }))),
  },
  {
    path: '/staff',
    navKey: 'staff',
    permission: 'staff.manage',
    icon: <UserSwitchOutlined />,
    page: lazy(() => import('../features/staff-admin/staff-page').then((m) => ({ default: m.StaffPage }))),
  },
];
