import { Button } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The funds routes' paths, in one place (the records page is ours: the spec has no route for them). */
export const FUNDS_PATHS = {
  records: (tab: 'deposits' | 'withdrawals') => `/mine/records?tab=${tab}`,
  withdrawWay: (kind: 1 | 2, drawId?: number) =>
    `/mine/withdraw-way?type=${kind}${drawId === undefined ? '' : `&draw_id=${drawId}`}`,
  coinAddresses: '/mine/coin-address-list',
  bankCards: '/mine/bank-card-list',
} as const;

/** The title bar's way to the records of what this page sends. */
export function RecordsLink({ tab }: { tab: 'deposits' | 'withdrawals' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      fill="none"
      size="small"
      className="funds-records-link"
      onClick={() => navigate(FUNDS_PATHS.records(tab))}
    >
      <FileOutline aria-hidden="true" /> {t('funds.records.short')}
    </Button>
  );
}

/** A positive whole number of the query, or undefined. */
export function idParam(value: string | null): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** The `type` query of the wallet's routes: 2 bank, anything else coin (the spec's 1). */
export function drawKindParam(value: string | null): 1 | 2 {
  return value === '2' ? 2 : 1;
}
