import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGoBack } from '../hooks/use-go-back';
import './real-account-only.css';

/** Sign-up: a real account is opened there, and its session takes the demo one's place. */
const REGISTER_PATH = '/register';

/**
 * Spec section 6: a demo user is barred from deposits, withdrawals, real auth and password
 * changes. The personal center never leads them here; an address typed or bookmarked still gets
 * the message, not the form, with the next step: how to open a real account, and a button to.
 */
export function RealAccountOnly() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const goBack = useGoBack('/user');
  return (
    <ErrorBlock
      className="real-account-only"
      status="default"
      title={t('user.onlyRealAccount')}
      description={t('user.onlyRealAccountHint')}
    >
      <div className="real-account-only-actions">
        <Button block color="primary" onClick={() => navigate(REGISTER_PATH)}>
          {t('user.openRealAccount')}
        </Button>
        <Button block fill="outline" onClick={goBack}>
          {t('common.back')}
        </Button>
      </div>
    </ErrorBlock>
  );
}
