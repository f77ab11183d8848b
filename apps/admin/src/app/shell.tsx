import { HomeOutlined } from '@ant-design/icons';
import type { Staff } from '@meridian/contract/staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Layout, Menu, Result, Space, Spin, Typography } from 'antd';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useMe, useSignOut } from '../features/auth/get-me';
import { LanguageSwitch } from './language-switch';
import { SCREENS, type Screen } from './screens';

/** The signed-in frame: the menu of the role's screens, who is signed in, the language, sign-out. */
export function Shell() {
  const { t } = useTranslation();
  const me = useMe();
  const signOut = useSignOut();
  const location = useLocation();
  if (!me.data) return <Spin fullscreen />;
  const staff = me.data;
  const allowed = SCREENS.filter((screen) => staffMay(staff.role, screen.permission));
  const current = allowed.find((screen) => location.pathname.startsWith(screen.path))?.path ?? '/';
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={232} breakpoint="lg" collapsedWidth={64} theme="dark">
        <div className="shell-brand">{t('app.short')}</div>
        <Menu
          className="shell-menu"
          theme="dark"
          mode="inline"
          selectedKeys={[current]}
          items={[
            { key: '/', icon: <HomeOutlined />, label: <Link to="/">{t('nav.home')}</Link> },
            ...allowed.map((screen) => ({
              key: screen.path,
              icon: screen.icon,
              label: <Link to={screen.path}>{t(`nav.${screen.navKey}`)}</Link>,
            })),
          ]}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="shell-header">
          <Typography.Title level={4} style={{ color: '#fff', margin: 0 }}>
            {t('app.title')}
          </Typography.Title>
          <Space>
            <Typography.Text style={{ color: '#fff' }} className="shell-who">
              {staff.name} · {t(`roles.${staff.role}`)}
            </Typography.Text>
            <LanguageSwitch />
            <Button onClick={() => signOut.mutate()} loading={signOut.isPending}>
              {t('app.signOut')}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content className="shell-content">
          <Suspense fallback={<Spin />}>
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
  return <Page />;
}
