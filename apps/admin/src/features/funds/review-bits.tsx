import type { StaffCustomer } from '@meridian/contract/funds-staff';
import { Space, Typography } from 'antd';
import { formatDateTime } from '../../lib/format';

/** A moment in the back office's one format (lib/format): the reader's language and time zone, to the second. */
export function formatTime(value: string | number | null | undefined): string {
  return formatDateTime(value);
}

/**
 * The customer a record belongs to: the uid, then the id (the lists' customer filter) and the e-mail
 * or mobile number they registered with.
 */
export function CustomerCell({ customer }: { customer: StaffCustomer }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{customer.uid}</Typography.Text>
      <Typography.Text
        type="secondary"
        ellipsis
        title={customer.email || customer.mobile}
        style={{ maxWidth: 240 }}
      >
        #{customer.id} · {customer.email || customer.mobile}
      </Typography.Text>
    </Space>
  );
}
