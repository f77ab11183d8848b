import type { StaffCustomer } from '@meridian/contract/funds-staff';
import { Space, Typography } from 'antd';

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
