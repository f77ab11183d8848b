import { LIMITS } from '@meridian/contract/limits';
import type { Proposal } from '@meridian/contract/proposals-staff';
import { isMoneySetting, SETTING_RULES, type StaffSetting } from '@meridian/contract/settings-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Card, Col, Form, Input, Row, Select, Space, Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useChangeConfirmation } from '../../components/change-confirmation';
import { Page } from '../../components/page';
import { fieldLabel, fieldValue } from '../../components/proposal-fields';
import { PendingProposals, useProposedNotice } from '../../components/proposal-notice';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { QueryState } from '../../lib/list-table';
import { isProposed, PROPOSALS_KEY, usePendingByTarget } from '../../lib/proposals';
import { useAction } from '../../lib/use-action';
import { settingIssue, UNITS } from './setting-rules';
import { SETTINGS_KEY, updateSetting, useSettings } from './settings-api';

/**
 * The settings (permission settings.edit): each one explained, checked here by the same rule the
 * server applies (packages/contract settings-staff), saved one at a time after a confirmation with
 * the old and new value; a money setting waits for a second admin's approval.
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const staff = useStaff();
  const pending = usePendingByTarget(staffMay(staff.role, 'proposals.read'));
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
                <SettingCard setting={setting} pending={pending.get(`setting:${setting.key}`)} />
              </Col>
            ))}
          </Row>
        )}
      </QueryState>
    </Page>
  );
}

function SettingCard({ setting, pending }: { setting: StaffSetting; pending: Proposal[] | undefined }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [form] = Form.useForm<{ value: string }>();
  const rule = SETTING_RULES[setting.key];
  const money = isMoneySetting(setting.key);
  const notice = useProposedNotice();
  const confirm = useChangeConfirmation();
  const save = useAction(updateSetting, {
    refresh: [SETTINGS_KEY, PROPOSALS_KEY],
    successKeyOf: (output) => (isProposed(output) ? 'proposals.sent' : 'settings.saved'),
    onDone: (output) => {
      if (isProposed(output)) {
        notice(output.proposal_id);
        form.setFieldsValue({ value: setting.value });
      }
    },
  });
  const mayEdit = staffMay(staff.role, 'settings.edit');
  useEffect(() => {
    form.setFieldsValue({ value: setting.value });
  }, [form, setting.value]);
  const validate = (_: unknown, value: string | undefined) => {
    const issue = settingIssue(setting.key, value);
    if (!issue) return Promise.resolve();
    return Promise.reject(new Error(t(issue.messageKey, issue.params)));
  };
  const target = `setting:${setting.key}`;
  const submit = () =>
    form
      .validateFields()
      .then(async ({ value }) => {
        const next = String(value).trim();
        const ok = await confirm({
          title: t(`settings.keys.${setting.key}.label`),
          before: { value: setting.value },
          after: { value: next },
          labelOf: (field) => fieldLabel(t, 'setting', target, field),
          showValue: (field, shown) => fieldValue(t, 'setting', target, field, shown),
          needsSecondAdmin: money,
        });
        if (ok) save.mutate({ key: setting.key, value: next });
      })
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
          {money && <Tag color="blue">{t('proposals.secondAdminTag')}</Tag>}
          <PendingProposals proposals={pending} />
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
