import { SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { PageShell } from '../../components/page-shell';
import { RestrictedCountriesBanner } from '../../components/restricted-countries-banner';
import { LanguageSwitchButton } from '../../features/language/components/language-switch-button';
import { HeaderActions } from '../layout/header-actions';

/** Home (quotes): the market list arrives with the market issue; the header and notice are here now. */
export function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const brand = (
    <span className="home-brand">
      <BrandMark sizePx={26} />
      <span className="home-brand-name">Meridian</span>
    </span>
  );
  return (
    <PageShell
      className="home-page"
      title={null}
      back={false}
      left={brand}
      right={
        <HeaderActions>
          <button
            type="button"
            className="header-button"
            aria-label={t('common.search')}
            onClick={() => navigate('/product')}
          >
            <SearchOutline fontSize={21} />
          </button>
          <LanguageSwitchButton onClick={() => navigate('/language')} />
        </HeaderActions>
      }
    >
      <RestrictedCountriesBanner />
      <h1 className="section-title">{t('nav.home')}</h1>
    </PageShell>
  );
}
