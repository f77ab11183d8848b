import { FEED_SYMBOL_PATTERN, type StaffInstrument } from '@meridian/contract/instruments-staff';
import { LIMITS } from '@meridian/contract/limits';
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
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAction } from '../../lib/use-action';
import { InstrumentChangeConfirm, needsConfirmation } from './instrument-confirm';
import { changesOf, formValuesOf, type InstrumentFormValues, MARKUP, TERM } from './instrument-form-values';
import { INSTRUMENTS_KEY, type InstrumentChanges, updateInstrument } from './instruments-api';

/** An instrument's terms in a form; only what the form changed is saved. */
export function InstrumentDrawer({
  instrument,
  onClose,
}: {
  instrument: StaffInstrument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<InstrumentFormValues>();
  const save = useAction(updateInstrument, {
    refresh: [INSTRUMENTS_KEY],
    successKey: 'instruments.saved',
    onDone: onClose,
  });
  const locked = instrument.live_orders > 0;
  // An edit of the spread, fees, leverage or precision waits here for its before/after confirmation.
  const [confirming, setConfirming] = useState<InstrumentChanges>();
  const term = (name: keyof InstrumentFormValues) => ({
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
