import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUS_COLORS: Readonly<Record<number, string>> = {
  [FUNDS_STATUS.unchecked]: 'gold',
  [FUNDS_STATUS.finished]: 'green',
  [FUNDS_STATUS.rejected]: 'red',
  [FUNDS_STATUS.invalid]: 'default',
};

/**
 * A record's status (FUNDS_STATUS: 0 waiting, 1 finished, 2 rejected, 3 invalid) in the screen's
 * language (the staff API names statuses in English only).
 */
export function StatusTag({ kind, status }: { kind: 'deposits' | 'withdrawals'; status: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATUS_COLORS[status] ?? 'default'} className="status-tag">
      {t(`funds.status.${kind}.${status}`)}
    </Tag>
  );
}
