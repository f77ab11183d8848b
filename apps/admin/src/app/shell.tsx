import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import type { Staff } from '@meridian/contract/staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { ErrorBoundary } from '@meridian/web-kit/error-boundary';
import { Button, Layout, Menu, Result, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { LanguageSwitch } from '../components/language-switch';
import { ScreenFailed } from '../components/screen-failed';
import { useMe, useSignOut } from '../features/auth/get-me';
import { LoadFailed } from '../lib/list-table';
import { SCREENS, type Screen } from './screens';

/** The signed-in frame: the menu of the role's screens, who is signed in, the language, sign-out. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  // Below 1200 px (a 1024 px screen) the menu starts as icons; the button beneath it opens it.
  const [collapsed, setCollapsed] = useState(() => window.innerWidth < 1200);
  if (me.isError) return <LoadFailed query={me} className="shell-me" />;
  if (!me.data) return <Skeleton active paragraph={{ rows: 10 }} className="list-skeleton shell-loading" />;
  const staff = me.data;
  const allowed = SCREENS.filter((screen) => staffMay(staff.role, screen.permission));
  const current = allowed.find((screen) => location.pathname.startsWith(screen.path))?.path ?? '/';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={232}
        collapsible
        collapsed={collapsed}
        collapsedWidth={64}
        theme="dark"
        className="shell-sider"
        // The toggle is a real button in the header (reachable by keyboard), not antd's trigger bar.
        trigger={null}
      >
        <div className="shell-brand">{collapsed ? t('app.initial') : t('app.short')}</div>
        <Menu
          className="shell-menu"
          theme="dark"
          mode="inline"
          selectedKeys={[current]}
          // No separate Home item: home is the dashboard (the first screen of the list).
          items={allowed.map((screen) => ({
            key: screen.path,
            icon: screen.icon,
            label: <Link to={screen.path}>{t(`nav.${screen.navKey}`)}</Link>,
          }))}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Space>
            <Button
              type="text"
              className="shell-collapse"
              aria-label={collapsed ? t('shell.expandMenu') : t('shell.collapseMenu')}
              aria-expanded={!collapsed}
              icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              style={{ color: '#fff' }}
              onClick={() => setCollapsed(!collapsed)}
            />
            <Typography.Title
              level={4}
              className="shell-title"
              style={{ color: '#fff', margin: 0, whiteSpace: 'nowrap' }}
            >
              {t('app.title')}
            </Typography.Title>
            {/* Staff see what customers see: the prices' source. Known with `me`,
                before the frame is drawn, so it never moves the header. */}
            {staff.price_source === 'simulated' && (
              <Tooltip title={t('shell.simulatedPricesHint')}>
                <Tag className="shell-price-source" data-testid="price-source-label">
                  {t('shell.simulatedPrices')}
                </Tag>
              </Tooltip>
            )}
          </Space>
          <Space>
            <Typography.Text style={{ color: '#fff' }} className="shell-who">
              {staff.name} · {t(`roles.${staff.role}`)}
            </Typography.Text>
            <LanguageSwitch />
            <Button className="shell-sign-out" onClick={() => signOut.mutate()} loading={signOut.isPending}>
              {t('app.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="shell-content">
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} className="list-skeleton" />}>
            <Outlet context={staff} />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}

/** A screen the role may not use (a typed or bookmarked address): the server would refuse it too. */
export function Guarded({ screen, staff }: { screen: Screen; staff: Staff }) {
  const { t } = useTranslation();
  if (!staffMay(staff.role, screen.permission)) {
    return <Result status="403" title={t('shell.forbidden')} extra={<Link to="/">{t('nav.home')}</Link>} />;
  }
  const Page = screen.page;
  // Per screen: one that fails to draw leaves the menu and the header working. Keyed by the
  // screen, so moving to another one starts afresh.
  return (
    <ErrorBoundary key={screen.path} fallback={(reset) => <ScreenFailed onRetry={reset} />}>
      <Page />
    </ErrorBoundary>
  );
}
