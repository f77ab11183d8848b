import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether the customer may log in. */
export function LoginTag({ disabledAt }: { disabledAt: string }) {
  const { t } = useTranslation();
  return disabledAt ? (
    <Tag color="red">{t('customers.loginDisabled')}</Tag>
  ) : (
    <Tag color="green">{t('customers.loginEnabled')}</Tag>
  );
}

/** A demo (virtual money) or a real customer. */
export function KindTag({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation();
  return isDemo ? <Tag>{t('customers.demo')}</Tag> : <Tag color="blue">{t('customers.real')}</Tag>;
}
