import { FEED_SYMBOL_PATTERN, type StaffInstrument } from '@meridian/contract/instruments-staff';
import { LIMITS } from '@meridian/contract/limits';
import { MARGIN_MODE } from '@meridian/contract/trading-codes';
import { staffMay } from '@meridian/domain/staff-roles';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Switch,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { ListTable, QueryState } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { InstrumentChangeConfirm, needsConfirmation } from './instrument-confirm';
import { INSTRUMENTS_KEY, type InstrumentChanges, updateInstrument, useInstruments } from './instruments-api';

/** A plain decimal of at most 8 places, as the server takes it (its ranges are the server's to say). */
const TERM = /^\d{1,12}(\.\d{1,8})?$/;
/** Digits only; the range is checked beside it. */
const MARKUP = /^\d{1,7}$/;

type FormValues = {
  enabled: boolean;
  spread: string;
  leverages: string[];
  min_lots: string;
  max_lots: string;
  pip: string;
  fee_rate: string;
  price_precision: number;
  session: 'weekly' | 'always';
  /** '' for none. */
  feed_symbol: string;
  markup_points: string;
};

function formValuesOf(row: StaffInstrument): FormValues {
  return {
    enabled: row.enabled,
    spread: row.spread,
    leverages: row.leverages.map(String),
    min_lots: row.min_lots,
    max_lots: row.max_lots,
    pip: row.pip,
    fee_rate: row.fee_rate,
    price_precision: row.price_precision,
    session: row.session,
    feed_symbol: row.feed_symbol ?? '',
    markup_points: String(row.markup_points),
  };
}

/** Only the fields the form changed, in the request's shapes. */
function changesOf(row: StaffInstrument, values: FormValues): InstrumentChanges {
  const before = formValuesOf(row);
  const changes: InstrumentChanges = {};
  if (values.enabled !== before.enabled) changes.enabled = values.enabled;
  for (const name of ['spread', 'min_lots', 'max_lots', 'pip', 'fee_rate'] as const) {
    const next = values[name].trim();
    if (next !== before[name]) changes[name] = next;
  }
  const leverages = values.leverages.map(Number).sort((a, b) => a - b);
  if (leverages.join(',') !== row.leverages.join(',')) changes.leverages = leverages;
  if (values.price_precision !== before.price_precision) changes.price_precision = values.price_precision;
  if (values.session !== before.session) changes.session = values.session;
  // An empty symbol is sent as '' (the server stores none); the markup as a whole number.
  const symbol = values.feed_symbol.trim();
  if (symbol !== before.feed_symbol) changes.feed_symbol = symbol;
  const markup = Number(values.markup_points.trim());
  if (markup !== row.markup_points) changes.markup_points = markup;
  return changes;
}

/**
 * The instruments' terms (permission instruments.edit): every instrument by category, enabled or
 * not, with its live quote; an edit applies to the live market, trading and charts at once. No
 * field sets a price: the market's prices come from its feed only.
 */
export function InstrumentsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const instruments = useInstruments();
  const [editing, setEditing] = useState<StaffInstrument>();
  const mayEdit = staffMay(staff.role, 'instruments.edit');
  const categories = instruments.data?.categories ?? [];
  const list = instruments.data?.list ?? [];
  const columns = [
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
              <Button className={`edit-${row.code}`} onClick={() => setEditing(row)}>
                {t('instruments.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];
  return (
    <Page
      title={t('nav.instruments')}
      extra={
        <Button onClick={() => instruments.refetch()} loading={instruments.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('instruments.honest')} />
      <QueryState query={instruments}>
        {() => (
          <Tabs
            items={categories.map((category) => {
              const rows = list.filter((row) => row.category_id === category.id);
              return {
                key: String(category.id),
                label: `${t(`instruments.categories.${category.id}`, { defaultValue: category.name })} (${rows.length})`,
                children: (
                  <ListTable<StaffInstrument>
                    className="instruments-table"
                    rowKey="id"
                    size="middle"
                    query={instruments}
                    rows={rows}
                    csvName={`instruments-${category.name}`}
                    pagination={false}
                    columns={columns}
                  />
                ),
              };
            })}
          />
        )}
      </QueryState>
      {editing && (
        <InstrumentDrawer
          // The latest row: a refresh after saving shows what the server stored.
          instrument={list.find((row) => row.id === editing.id) ?? editing}
          onClose={() => setEditing(undefined)}
        />
      )}
    </Page>
  );
}

function InstrumentDrawer({ instrument, onClose }: { instrument: StaffInstrument; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useAction(updateInstrument, {
    refresh: [INSTRUMENTS_KEY],
    successKey: 'instruments.saved',
    onDone: onClose,
  });
  const locked = instrument.live_orders > 0;
  // An edit of the spread, fees, leverage or precision waits here for its before/after confirmation.
  const [confirming, setConfirming] = useState<InstrumentChanges>();
  const term = (name: keyof FormValues) => ({
    required: true,
    pattern: TERM,
    message: t('instruments.termFormat', { field: t(`instruments.${name}Label`) }),
  });
  const submit = () =>
    form
      .validateFields()
      .then((values) => {
        const changes = changesOf(instrument, values);
        if (Object.keys(changes).length === 0) onClose();
        else if (needsConfirmation(changes)) setConfirming(changes);
        else save.mutate({ id: instrument.id, ...changes });
      })
      .catch(() => undefined);
  return (
    <Drawer
      open
      // A phone's whole width, so the save button in the header stays on screen.
      width="min(520px, 100vw)"
      className="instrument-drawer"
      title={t('instruments.editTitle', { name: instrument.show_code })}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" className="save-instrument" loading={save.isPending} onClick={submit}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('instruments.code')}>{instrument.code}</Descriptions.Item>
        <Descriptions.Item label={t('instruments.quoteCurrency')}>
          {instrument.quote_currency}
        </Descriptions.Item>
        <Descriptions.Item label={t('instruments.unitsPerLot')}>{instrument.units_per_lot}</Descriptions.Item>
        <Descriptions.Item label={t('instruments.bidAsk')}>
          {instrument.bid ? `${instrument.bid} / ${instrument.ask}` : t('instruments.noQuote')}
        </Descriptions.Item>
      </Descriptions>
      {confirming && (
        <InstrumentChangeConfirm
          instrument={instrument}
          changes={confirming}
          saving={save.isPending}
          // Refused or saved, the confirmation closes: a refusal's message shows over the form again.
          onConfirm={() =>
            save.mutate({ id: instrument.id, ...confirming }, { onSettled: () => setConfirming(undefined) })
          }
          onCancel={() => setConfirming(undefined)}
        />
      )}
      <Form form={form} layout="vertical" initialValues={formValuesOf(instrument)} onFinish={submit}>
        <Form.Item
          name="enabled"
          label={t('instruments.enabledLabel')}
          valuePropName="checked"
          extra={t('instruments.enabledHelp')}
        >
          <Switch />
        </Form.Item>
        <Form.Item
          name="spread"
          label={t('instruments.spreadLabel')}
          extra={t('instruments.spreadHelp', { max: LIMITS.instrumentSpreadMax })}
          rules={[term('spread')]}
        >
          <Input className="spread-input" inputMode="decimal" />
        </Form.Item>
        <Form.Item
          name="leverages"
          label={t('instruments.leveragesLabel')}
          extra={t('instruments.leveragesHelp', {
            max: LIMITS.instrumentLeverageMax,
            count: LIMITS.instrumentLeverageChoicesMax,
          })}
          rules={[
            {
              required: true,
              type: 'array',
              min: 1,
              max: LIMITS.instrumentLeverageChoicesMax,
              message: t('instruments.leveragesFormat'),
            },
            {
              validator: (_, values: string[] = []) =>
                values.every(
                  (value) =>
                    /^\d{1,4}$/.test(String(value)) &&
                    Number(value) >= 1 &&
                    Number(value) <= LIMITS.instrumentLeverageMax,
                )
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('instruments.leveragesFormat'))),
            },
          ]}
        >
          <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
        </Form.Item>
        <Flex gap={12}>
          <Form.Item
            name="min_lots"
            label={t('instruments.min_lotsLabel')}
            rules={[term('min_lots')]}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item
            name="max_lots"
            label={t('instruments.max_lotsLabel')}
            rules={[term('max_lots')]}
            style={{ flex: 1 }}
          >
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name="pip" label={t('instruments.pipLabel')} rules={[term('pip')]} style={{ flex: 1 }}>
            <Input inputMode="decimal" />
          </Form.Item>
        </Flex>
        <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
          {t('instruments.lotsHelp', { max: LIMITS.instrumentLotsMax })}
        </Typography.Paragraph>
        <Form.Item
          name="fee_rate"
          label={t('instruments.fee_rateLabel')}
          extra={t('instruments.feeRateHelp')}
          rules={[term('fee_rate')]}
        >
          <Input inputMode="decimal" />
        </Form.Item>
        {locked && (
          <Alert
            type="warning"
            showIcon
            className="terms-locked"
            style={{ marginBottom: 16 }}
            message={t('instruments.lockedTerms', { count: instrument.live_orders })}
          />
        )}
        <Flex gap={12}>
          <Form.Item
            name="price_precision"
            label={t('instruments.price_precisionLabel')}
            extra={t('instruments.precisionHelp')}
            style={{ flex: 1 }}
          >
            <InputNumber
              min={0}
              max={LIMITS.instrumentPricePrecisionMax}
              precision={0}
              disabled={locked}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="session"
            label={t('instruments.sessionLabel')}
            extra={t('instruments.sessionHelp')}
            style={{ flex: 1 }}
          >
            <Select
              disabled={locked}
              options={[
                { value: 'weekly', label: t('instruments.sessions.weekly') },
                { value: 'always', label: t('instruments.sessions.always') },
              ]}
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="feed_symbol"
          label={t('instruments.feed_symbolLabel')}
          extra={t('instruments.feedSymbolHelp')}
          rules={[
            {
              validator: (_, value: string = '') =>
                FEED_SYMBOL_PATTERN.test(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('instruments.feedSymbolFormat'))),
            },
          ]}
        >
          <Input className="feed-symbol-input" autoCapitalize="off" autoCorrect="off" spellCheck={false} />
        </Form.Item>
        <Form.Item
          name="markup_points"
          label={t('instruments.markup_pointsLabel')}
          extra={t('instruments.markupHelp')}
          rules={[
            {
              validator: (_, value: string = '') =>
                MARKUP.test(value.trim()) && Number(value) <= LIMITS.instrumentMarkupPointsMax
                  ? Promise.resolve()
                  : Promise.reject(
                      new Error(t('instruments.markupFormat', { max: LIMITS.instrumentMarkupPointsMax })),
                    ),
            },
          ]}
        >
          <Input className="markup-input" inputMode="numeric" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
