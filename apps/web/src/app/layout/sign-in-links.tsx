import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { loginPathFrom } from '../../lib/return-path';

/** A visitor's way in: log in (and come back here afterwards) or sign up, each styled by its place. */
export function SignInLinks({
  loginClassName,
  registerClassName,
}: {
  loginClassName: string;
  registerClassName: string;
}) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  return (
    <>
      <Link className={loginClassName} to={loginPathFrom(pathname + search)}>
        {t('nav.login')}
      </Link>
      <Link className={registerClassName} to="/register">
        {t('nav.register')}
      </Link>
    </>
  );
}
