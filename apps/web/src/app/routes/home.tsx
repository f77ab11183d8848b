import { ContentOutline, SearchOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BrandMark } from '../../components/brand-mark';
import { LiveStateNotice } from '../../components/live-state-notice';
import { PageShell } from '../../components/page-shell';
import { RestrictedCountriesBanner } from '../../components/restricted-countries-banner';
import { LanguageSwitchButton } from '../../features/language/components/language-switch-button';
import { MarketList } from '../../features/market/components/market-list';
import { useMarketDayFeed } from '../../features/market/hooks/use-market-day-feed';
import { PriceSourceLabel } from '../../features/settings/components/price-source-label';
import { HeaderActions } from '../layout/header-actions';
import { useOpenInstrument } from './use-open-instrument';
import './home.css';
import { useIsDesktop } from '../../hooks/use-is-desktop';

/** Home (quotes, spec section 2): the market list with live prices; a row opens its chart. */
export function HomeRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useIsDesktop();
  useMarketDayFeed();
  const openInstrument = useOpenInstrument();

  const brand = (
    <span className="home-brand">
      <BrandMark sizePx={26} />
      <span className="home-brand-name">
        Meridian
        <PriceSourceLabel />
      </span>
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
            aria-label={t('nav.news')}
            onClick={() => navigate('/news')}
          >
            <ContentOutline fontSize={21} />
          </button>
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
      <LiveStateNotice />
      <RestrictedCountriesBanner />
      <h1 className="section-title">{t('nav.home')}</h1>
      {/* A wide window lists the quotes as a table: bid, ask, spread, change, high, low. */}
      <MarketList onOpen={openInstrument} table={isDesktop} />
    </PageShell>
  );
}
