import { LIMITS } from '@meridian/contract/limits';
import {
  checkSettingValue,
  type EditableSettingKey,
  SETTING_RULES,
  type StaffSetting,
} from '@meridian/contract/settings-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Card, Col, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { SETTINGS_KEY, updateSetting, useSettings } from './settings-api';

/** The unit shown after a decimal setting's box. */
const UNITS: Partial<Record<EditableSettingKey, string>> = {
  demo_balance: 'USDT',
  stop_out_level: '%',
  withdraw_four_eyes_usd: 'USDT',
  deposit_tolerance_percent: '%',
};

/**
 * The settings (permission settings.edit): each one explained, checked here by the same rule the
 * server applies (packages/contract settings-staff), saved one at a time and applied at once.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <Page
      title={t('nav.settings')}
      extra={
        <Button onClick={() => settings.refetch()} loading={settings.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('settings.intro')}</Typography.Paragraph>
      <QueryState query={settings} rows={8}>
        {() => (
          <Row gutter={[16, 16]}>
            {(settings.data?.list ?? []).map((setting) => (
              <Col key={setting.key} xs={24} xl={12}>
                <SettingCard setting={setting} />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </Page>
  );
}

function SettingCard({ setting }: { setting: StaffSetting }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [form] = Form.useForm<{ value: string }>();
  const rule = SETTING_RULES[setting.key];
  const save = useAction(updateSetting, { refresh: [SETTINGS_KEY], successKey: 'settings.saved' });
  const mayEdit = staffMay(staff.role, 'settings.edit');
  useEffect(() => {
    form.setFieldsValue({ value: setting.value });
  }, [form, setting.value]);
  const validate = (_: unknown, value: string | undefined) => {
    const checked = checkSettingValue(setting.key, String(value ?? '').trim());
    if (!('issue' in checked)) return Promise.resolve();
    const issue = checked.issue.key.replace('validation.', '');
    return Promise.reject(new Error(t(`settings.issues.${issue}`, checked.issue.params)));
  };
  const submit = () =>
    form
      .validateFields()
      .then(({ value }) => save.mutate({ key: setting.key, value: String(value).trim() }))
      .catch(() => undefined);
  return (
    <Card
      className={`setting-${setting.key}`}
      title={
        <Space>
          {t(`settings.keys.${setting.key}.label`)}
          <Typography.Text type="secondary" code>
            {setting.key}
          </Typography.Text>
        </Space>
      }
      style={{ height: '100%' }}
    >
      <Typography.Paragraph>{t(`settings.keys.${setting.key}.help`)}</Typography.Paragraph>
      <Form form={form} layout="inline" initialValues={{ value: setting.value }} onFinish={submit}>
        <Form.Item name="value" rules={[{ validator: validate }]} style={{ flex: 1, minWidth: 240 }}>
          {rule.kind === 'choice' ? (
            <Select
              disabled={!mayEdit}
              options={rule.options.map((option) => ({
                value: option,
                label: `${option} · ${t(`settings.keys.${setting.key}.options.${option}`)}`,
              }))}
            />
          ) : (
            <Input
              disabled={!mayEdit}
              maxLength={LIMITS.settingValueLengthMax}
              inputMode={rule.kind === 'decimal' ? 'decimal' : 'url'}
              suffix={UNITS[setting.key]}
            />
          )}
        </Form.Item>
        {mayEdit && (
          <Form.Item style={{ marginInlineEnd: 0 }}>
            <Button type="primary" htmlType="submit" loading={save.isPending} className="save-setting">
              {t('common.save')}
            </Button>
          </Form.Item>
        )}
      </Form>
      <Space size={16} style={{ marginTop: 12 }} wrap>
        <Typography.Text type="secondary">
          {t('settings.default')}: <Tag>{setting.default_value}</Tag>
        </Typography.Text>
        {/* The seed stores every setting at installation: a time is shown once staff changed it. */}
        {setting.updated_at && setting.value !== setting.default_value && (
          <Typography.Text type="secondary">
            {t('settings.updatedAt', { time: formatDateTime(setting.updated_at) })}
          </Typography.Text>
        )}
      </Space>
    </Card>
  );
}
