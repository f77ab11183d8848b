import type { StaffCustomer } from '@meridian/contract/funds-staff';
import { Space, Typography } from 'antd';
import { currentLanguage } from '../../lib/i18n';

/** A moment (ISO 8601 text or Unix ms) in the reader's language and time zone; "-" for none. */
export function formatTime(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '' || value === 0) return '-';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  return new Intl.DateTimeFormat(currentLanguage() === 'hk' ? 'zh-HK' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

/**
 * The customer a record belongs to: the uid, then the id (the lists' customer filter) and the e-mail
 * or mobile number they registered with.
 */
export function CustomerCell({ customer }: { customer: StaffCustomer }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{customer.uid}</Typography.Text>
      <Typography.Text type="secondary">
        #{customer.id} · {customer.email || customer.mobile}
      </Typography.Text>
    </Space>
  );
}
