import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import { Alert, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { InstrumentChanges } from './instruments-api';

/**
 * The terms that change what customers pay or the prices they trade at: the spread (every quote),
 * the fee rate, the leverage choices (the margin held), the price precision (how quotes round),
 * and on a real feed the markup (added to both sides) and the feed symbol (where prices come
 * from). An edit of any of them is confirmed on a before/after table first; the others save at once.
 */
const MONEY_TERMS = [
  'spread',
  'fee_rate',
  'leverages',
  'price_precision',
  'markup_points',
  'feed_symbol',
] as const;

type Term = keyof InstrumentChanges;

export function needsConfirmation(changes: InstrumentChanges): boolean {
  return MONEY_TERMS.some((term) => term in changes);
}

function shown(value: unknown): string {
  if (Array.isArray(value)) return value.map((item) => `${item}×`).join(', ');
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  // No feed symbol (null before, '' sent to clear it) reads as none.
  return value === null || value === undefined || value === '' ? '-' : String(value);
}

type Row = { term: Term; before: string; after: string; money: boolean };

export function InstrumentChangeConfirm({
  instrument,
  changes,
  saving,
  onConfirm,
  onCancel,
}: {
  instrument: StaffInstrument;
  changes: InstrumentChanges;
  saving: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const rows: Row[] = (Object.keys(changes) as Term[]).map((term) => ({
    term,
    before: shown(instrument[term]),
    after: shown(changes[term]),
    money: (MONEY_TERMS as readonly string[]).includes(term),
  }));
  return (
    <Modal
      open
      className="instrument-confirm"
      title={t('instruments.confirmTitle', { name: instrument.show_code })}
      okText={t('instruments.confirmSave')}
      okButtonProps={{ className: 'instrument-confirm-ok', loading: saving }}
      cancelText={t('common.cancel')}
      onOk={onConfirm}
      onCancel={onCancel}
      width={560}
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        message={t('instruments.confirmWarning', { count: instrument.live_orders })}
      />
      <Table<Row>
        size="small"
        rowKey="term"
        pagination={false}
        dataSource={rows}
        columns={[
          {
            title: t('audit.field'),
            dataIndex: 'term',
            render: (term: Term) => t(`instruments.${term}Label`),
          },
          { title: t('audit.before'), dataIndex: 'before', className: 'confirm-before' },
          {
            title: t('audit.after'),
            dataIndex: 'after',
            className: 'confirm-after',
            render: (after: string, row) =>
              row.money ? <Typography.Text strong>{after}</Typography.Text> : after,
          },
        ]}
      />
    </Modal>
  );
}
