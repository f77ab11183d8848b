import type { StaffInstrument } from '@meridian/contract/instruments-staff';
import { MARGIN_MODE } from '@meridian/contract/trading-codes';
import { Button, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../lib/list-table';

/** The instruments table's columns; the edit button only for staff who may edit. */
export function instrumentColumns(
  t: TFunction,
  mayEdit: boolean,
  onEdit: (row: StaffInstrument) => void,
): ListColumn<StaffInstrument>[] {
  return [
    {
      title: t('instruments.instrument'),
      render: (_: unknown, row: StaffInstrument) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{row.show_code}</Typography.Text>
          <Typography.Text type="secondary">{row.code}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('instruments.feedSymbol'),
      render: (_: unknown, row: StaffInstrument) => (
        <Space direction="vertical" size={0} className="instrument-feed" style={{ whiteSpace: 'nowrap' }}>
          {row.feed_symbol ? (
            <Typography.Text code>{row.feed_symbol}</Typography.Text>
          ) : (
            <Typography.Text type="secondary">{t('instruments.noFeedSymbol')}</Typography.Text>
          )}
          {row.markup_points > 0 && (
            <Typography.Text type="secondary">
              {t('instruments.markupShort', { points: row.markup_points })}
            </Typography.Text>
          )}
        </Space>
      ),
    },
    {
      title: t('instruments.state'),
      render: (_: unknown, row: StaffInstrument) =>
        row.enabled ? (
          <Tag color="green">{t('instruments.enabledOn')}</Tag>
        ) : (
          <Tag>{t('instruments.enabledOff')}</Tag>
        ),
    },
    {
      title: t('instruments.bidAsk'),
      align: 'right' as const,
      render: (_: unknown, row: StaffInstrument) =>
        row.bid ? (
          <span className="instrument-quote" style={{ whiteSpace: 'nowrap' }}>
            {row.bid} / {row.ask}
          </span>
        ) : (
          <Typography.Text type="secondary">{t('instruments.noQuote')}</Typography.Text>
        ),
    },
    { title: t('instruments.spread'), align: 'right' as const, dataIndex: 'spread' },
    {
      title: t('instruments.leverages'),
      render: (_: unknown, row: StaffInstrument) =>
        row.margin_mode === MARGIN_MODE.fixed ? (
          <Typography.Text type="secondary">{t('instruments.fixedMargin')}</Typography.Text>
        ) : (
          row.leverages.map((value) => (
            <Tag key={value} style={{ marginInlineEnd: 4 }}>
              {value}x
            </Tag>
          ))
        ),
    },
    {
      title: t('instruments.lots'),
      render: (_: unknown, row: StaffInstrument) => (
        <Space direction="vertical" size={0} style={{ whiteSpace: 'nowrap' }}>
          <span>{t('instruments.lotsRange', { min: row.min_lots, max: row.max_lots })}</span>
          <Typography.Text type="secondary">{t('instruments.lotsStep', { step: row.pip })}</Typography.Text>
        </Space>
      ),
    },
    { title: t('instruments.feeRate'), align: 'right' as const, dataIndex: 'fee_rate' },
    { title: t('instruments.precision'), align: 'right' as const, dataIndex: 'price_precision' },
    {
      title: t('instruments.session'),
      render: (_: unknown, row: StaffInstrument) => (
        <span style={{ whiteSpace: 'nowrap' }}>{t(`instruments.sessionsShort.${row.session}`)}</span>
      ),
    },
    { title: t('instruments.liveOrders'), align: 'right' as const, dataIndex: 'live_orders' },
    ...(mayEdit
      ? [
          {
            title: t('common.actions'),
            width: 100,
            render: (_: unknown, row: StaffInstrument) => (
              <Button className={`edit-${row.code}`} onClick={() => onEdit(row)}>
                {t('instruments.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
}
