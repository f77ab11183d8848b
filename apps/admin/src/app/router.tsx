import { staffMay } from '@meridian/domain/staff-roles';
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { createBrowserRouter, Link, Navigate } from 'react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { EnrolPage } from '../features/enrol/enrol-page';
import { useStaff } from '../hooks/use-staff';
import { useSessionToken } from '../lib/session';
import { HomePage } from './home-page';
import { SCREENS } from './screens';
import { Guarded, Shell } from './shell';

function SignedIn() {
  const token = useSessionToken();
  return token ? <Shell /> : <SignInPage />;
}

/**
 * The home screen (/admin/): the dashboard for staff who may see it, else the first screen the role
 * may use; a role with none gets the welcome page that says so.
 */
function Home() {
  const staff = useStaff();
  const first = SCREENS.find((screen) => staffMay(staff.role, screen.permission));
  return first ? <Navigate to={first.path} replace /> : <HomePage staff={staff} />;
}

function NotFound() {
  const { t } = useTranslation();
  return <Result status="404" title={t('shell.notFound')} extra={<Link to="/">{t('nav.home')}</Link>} />;
}

export const router = createBrowserRouter(
  [
    { path: '/enrol', element: <EnrolPage /> },
    {
      path: '/',
      element: <SignedIn />,
      children: [
        { index: true, element: <Home /> },
        ...SCREENS.map((screen) => ({
          path: `${screen.path.replace(/^\//, '')}/*`,
          Component: function ScreenRoute() {
            return <Guarded screen={screen} staff={useStaff()} />;
          },
        })),
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
