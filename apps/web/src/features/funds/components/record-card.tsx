import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFormat } from '../../../hooks/use-date-format';
import { StatusChip } from './status-chip';
import './funds.css';
import './records.css';

type RecordCardProps = {
  record: { id: number; status: number; status_name: string; created_time: number };
  dates: DateFormat;
  /** The record's amount, as the head shows it. */
  amount: ReactNode;
  /** The record's own lines; the time it was sent always comes last. */
  lines: ReactNode;
  /** Notes under the lines (a refusal's reason, a proof). */
  children?: ReactNode;
};

/** The frame every deposit and withdrawal record shares: amount and state on top, then its lines. */
export function RecordCard({ record, dates, amount, lines, children }: RecordCardProps) {
  const { t } = useTranslation();
  return (
    <article className="funds-card record-row" data-record-id={record.id} data-status={record.status}>
      <header className="funds-card-head record-head">
        {amount}
        <StatusChip status={record.status} statusName={record.status_name} />
      </header>
      <dl className="record-lines">
        {lines}
        <div>
          <dt>{t('funds.records.submittedAt')}</dt>
          <dd>{dates.dateTime(new Date(record.created_time).toISOString())}</dd>
        </div>
      </dl>
      {children}
    </article>
  );
}
