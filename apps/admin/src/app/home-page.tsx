import type { Staff } from '@meridian/contract/staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { SCREENS } from './screens';

/** Where a sign-in lands: who is signed in, in which role, and the screens that role may use. */
export function HomePage({ staff }: { staff: Staff }) {
  const { t } = useTranslation();
  const allowed = SCREENS.filter((screen) => staffMay(staff.role, screen.permission));
  return (
    <Page title={t('shell.welcome', { name: staff.name })}>
      <Typography.Paragraph type="secondary">
        {t('shell.role', { role: t(`roles.${staff.role}`) })}
      </Typography.Paragraph>
      <List
        className="shell-access"
        bordered
        header={<Typography.Text strong>{t('shell.access')}</Typography.Text>}
        dataSource={allowed}
        locale={{ emptyText: t('shell.nothing') }}
        renderItem={(screen) => (
          <List.Item>
            <Link to={screen.path}>
              {screen.icon} {t(`nav.${screen.navKey}`)}
            </Link>
          </List.Item>
        )}
      />
    </Page>
  );
}
