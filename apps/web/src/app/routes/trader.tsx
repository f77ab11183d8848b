import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { useUserStore } from '../../features/auth/stores/user-store';
import { TraderProfile } from '../../features/copy/components/trader-profile';
import { refreshTradingData } from '../../features/trading/api/trading-keys';
import { loginPathFrom } from '../../lib/return-path';
import type { RouteMeta } from '../route-meta';
import { traderIdOf } from './trader-path';

/** /rank/trader?id= (no footer, back arrow): a trader's profile with the Follow button. */
export function TraderRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const traderId = traderIdOf(params.get('id'));
  const token = useUserStore((state) => state.token);
  // The profile's own follow depends on who asks: keyed by the user, never by the token itself.
  const userId = useUserStore((state) => state.user?.id);
  const isDemo = useUserStore((state) => (state.user ? state.user.is_demo === 1 : null));
  return (
    <PageShell className="trader-page" title={t(meta.titleKey)}>
      <TraderProfile
        key={traderId ?? 'none'}
        traderId={traderId}
        sessionKey={token !== null && userId !== undefined ? `user-${userId}` : 'visitor'}
        loggedIn={token !== null}
        accountIsDemo={isDemo}
        onLoginNeeded={() => navigate(loginPathFrom(location.pathname + location.search))}
        onOpenCopies={() => navigate('/copy')}
        onOrdersChanged={() => void refreshTradingData(queryClient)}
      />
    </PageShell>
  );
}
