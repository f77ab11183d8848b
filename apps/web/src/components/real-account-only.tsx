import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useGoBack } from '../hooks/use-go-back';
import './real-account-only.css';

/**
 * Spec section 6: a demo user is barred from real auth and password changes. The personal center
 * never leads them here; an address typed or bookmarked still gets the message, not the form.
 */
export function RealAccountOnly() {
  const { t } = useTranslation();
  const goBack = useGoBack('/user');
  return (
    <ErrorBlock
      className="real-account-only"
      status="default"
      title={t('user.onlyRealAccount')}
      description={t('user.onlyRealAccountHint')}
    >
      <Button color="primary" fill="outline" onClick={goBack}>
        {t('common.back')}
      </Button>
    </ErrorBlock>
  );
}
