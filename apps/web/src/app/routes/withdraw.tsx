import '../../components/real-account-only.css';
import { REVIEW_STATUS } from '@meridian/contract/kyc';
import { NoticeBar, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageShell } from '../../components/page-shell';
import { RealAccountOnly } from '../../components/real-account-only';
import { useUserStore } from '../../features/auth/stores/user-store';
import { WithdrawCenter } from '../../features/funds/components/withdraw-center';
import { useRealNameCenter } from '../../features/kyc/api/get-real-name-center';
import type { RouteMeta } from '../route-meta';
import { drawKindParam, FUNDS_PATHS, RecordsLink } from './funds-route-parts';

/**
 * Withdrawals need a verified identity: the page says so before the customer fills the
 * form in, with the way to verify; the server refuses anyway.
 */
function IdentityNotice() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const center = useRealNameCenter();
  if (!center.data || center.data.review_status === REVIEW_STATUS.verified) return null;
  const pending = center.data.review_status === REVIEW_STATUS.pending;
  return (
    <NoticeBar
      className="funds-notice withdraw-identity"
      color="alert"
      wrap
      content={t(pending ? 'funds.withdraw.identityPending' : 'funds.withdraw.identityNeeded')}
      extra={
        pending ? undefined : (
          <button type="button" className="notice-action" onClick={() => navigate('/mine/auth')}>
            {t('funds.withdraw.verifyNow')}
          </button>
        )
      }
    />
  );
}

/** /mine/withdraw?type=1|2: to a bound coin address or bank account; real accounts only (spec section 6). */
export function WithdrawRoute({ meta }: { meta: RouteMeta }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const isDemo = useUserStore((state) => state.user?.is_demo === 1);
  const kind = drawKindParam(params.get('type'));
  return (
    <PageShell
      className="funds-page"
      title={t(meta.titleKey)}
      right={isDemo ? undefined : <RecordsLink tab="withdrawals" />}
    >
      {isDemo ? (
        <RealAccountOnly />
      ) : (
        <>
          <IdentityNotice />
          <WithdrawCenter
            kind={kind}
            onKindChange={(next) => setParams({ type: String(next) }, { replace: true })}
            onBind={(bindKind, drawId) => navigate(FUNDS_PATHS.withdrawWay(bindKind, drawId))}
            onSubmitted={() => {
              Toast.show({ icon: 'success', content: t('funds.withdraw.sent') });
              navigate(FUNDS_PATHS.records('withdrawals'), { replace: true });
            }}
          />
        </>
      )}
    </PageShell>
  );
}
