import type { StaffCompany } from '@meridian/contract/content-staff';
import { LIMITS } from '@meridian/contract/limits';
import { Button, Card, Form, Image, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/page';
import { useAction } from '../../lib/use-action';
import {
  COMPANIES_KEY,
  COMPANY_SETTINGS_KEY,
  saveCompany,
  saveCompanySettings,
  useCompanies,
  useCompanySettings,
} from './content-api';
import './content.css';
import { ListTable } from '../../lib/list-table';

type CompanyFields = Omit<StaffCompany, 'id' | 'slug'>;

const IMAGE_ADDRESS = /^(\/(?!\/)|https:\/\/)[^\s"'<>\\]*$/;
const WEBSITE = /^(https:\/\/[^\s"'<>\\]+)?$/;

/**
 * Company (/company): the company name and complaint e-mail the customer app shows on /mine/email,
 * and the group's companies listed on /product.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const companies = useCompanies();
  const [editing, setEditing] = useState<{ company: StaffCompany | undefined }>();
  return (
    <Page title={t('nav.company')}>
      <Space direction="vertical" size={16} style={{ width: '100%' }}>
        <CompanySettingsCard />
        <Card
          title={t('content.company.listTitle')}
          extra={
            <Button type="primary" onClick={() => setEditing({ company: undefined })}>
              {t('content.company.add')}
            </Button>
          }
        >
          <Typography.Paragraph type="secondary">{t('content.company.listHint')}</Typography.Paragraph>
          <ListTable<StaffCompany>
            query={companies}
            rows={companies.data}
            csvName="companies"
            pagination={false}
            columns={[
              {
                title: t('content.company.logo'),
                key: 'logo',
                width: 64,
                render: (_, company) => <Image src={company.logo} width={32} height={32} preview={false} />,
              },
              { title: t('content.company.name'), dataIndex: 'name' },
              { title: t('content.company.subject'), dataIndex: 'subject' },
              { title: t('content.company.location'), dataIndex: 'location' },
              { title: t('content.company.email'), dataIndex: 'email' },
              { title: t('content.company.sort'), dataIndex: 'sort', width: 80 },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 100,
                render: (_, company) => (
                  <Button size="small" onClick={() => setEditing({ company })}>
                    {t('content.edit')}
                  </Button>
                ),
              },
            ]}
          />
        </Card>
      </Space>
      {editing && <CompanyModal company={editing.company} onClose={() => setEditing(undefined)} />}
    </Page>
  );
}

function CompanySettingsCard() {
  const { t } = useTranslation();
  const settings = useCompanySettings();
  const [form] = Form.useForm<{ company_name: string; complaint_email: string }>();
  useEffect(() => {
    if (settings.data) form.setFieldsValue(settings.data);
  }, [settings.data, form]);
  const save = useAction(saveCompanySettings, {
    refresh: [COMPANY_SETTINGS_KEY],
    successKey: 'content.saved',
  });
  return (
    <Card title={t('content.company.settingsTitle')} loading={settings.isPending}>
      <Typography.Paragraph type="secondary">{t('content.company.settingsHint')}</Typography.Paragraph>
      <Form
        form={form}
        layout="inline"
        onFinish={(values) => save.mutate(values)}
        disabled={save.isPending}
        className="company-settings-form"
      >
        <Form.Item
          name="company_name"
          label={t('content.company.companyName')}
          rules={[{ required: true, whitespace: true, message: t('content.required') }]}
        >
          <Input maxLength={LIMITS.companyFieldLengthMax} style={{ width: 260 }} />
        </Form.Item>
        <Form.Item
          name="complaint_email"
          label={t('content.company.complaintEmail')}
          rules={[
            { required: true, message: t('content.required') },
            { type: 'email', message: t('content.company.emailInvalid') },
          ]}
        >
          <Input maxLength={LIMITS.emailLengthMax} style={{ width: 300 }} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

function CompanyModal({ company, onClose }: { company: StaffCompany | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CompanyFields>();
  const save = useAction((values: CompanyFields) => saveCompany({ ...values, id: company?.id }), {
    refresh: [COMPANIES_KEY],
    successKey: 'content.saved',
    onDone: onClose,
  });
  const required = { required: true, whitespace: true, message: t('content.required') };
  const field = (name: keyof CompanyFields, extra: object[] = []) => (
    <Form.Item
      name={name}
      label={t(`content.company.${name === 'registered_address' ? 'address' : name}`)}
      rules={extra}
    >
      <Input maxLength={LIMITS.companyFieldLengthMax} />
    </Form.Item>
  );
  return (
    <Modal
      open
      title={t(company ? 'content.company.editTitle' : 'content.company.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={
          company ?? {
            name: '',
            logo: '/api/content/art/markets.svg',
            url: '',
            subject: '',
            registered_address: '',
            location: '',
            email: '',
            sort: 100,
          }
        }
        onFinish={(values) => save.mutate(values)}
      >
        {field('name', [required])}
        {field('logo', [required, { pattern: IMAGE_ADDRESS, message: t('content.company.imageInvalid') }])}
        {field('url', [{ pattern: WEBSITE, message: t('content.company.urlInvalid') }])}
        {field('subject')}
        {field('registered_address')}
        {field('location')}
        {field('email', [{ type: 'email', message: t('content.company.emailInvalid') }])}
        <Form.Item
          name="sort"
          label={t('content.company.sort')}
          rules={[{ required: true, message: t('content.required') }]}
        >
          <InputNumber min={0} max={10_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
