import { FUNDS_STATUS } from '@meridian/contract/funds';
import { useTranslation } from 'react-i18next';
import './records.css';

const TONES: Record<number, { tone: string; key: string }> = {
  [FUNDS_STATUS.unchecked]: { tone: 'waiting', key: 'funds.status.unchecked' },
  [FUNDS_STATUS.finished]: { tone: 'done', key: 'funds.status.finished' },
  [FUNDS_STATUS.rejected]: { tone: 'refused', key: 'funds.status.rejected' },
  [FUNDS_STATUS.invalid]: { tone: 'void', key: 'funds.status.invalid' },
};

/**
 * A record's state (spec section 4: 0 unchecked, 1 finished, 2 rejected, 3 invalid) as a coloured
 * chip in the reader's language; a state this app does not know shows the server's own name.
 */
export function StatusChip({ status, statusName }: { status: number; statusName: string }) {
  const { t } = useTranslation();
  const known = TONES[status];
  return (
    <span className={`status-chip is-${known?.tone ?? 'void'}`} data-status={status}>
      {known ? t(known.key) : statusName}
    </span>
  );
}
