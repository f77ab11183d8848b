import { Typography } from 'antd';
import { formatMoney } from '../../lib/format';

/** A signed decimal text, red below zero and green above. */
export function Amount({ value }: { value: string }) {
  const type = value.startsWith('-') ? 'danger' : Number(value) > 0 ? 'success' : undefined;
  return <Typography.Text type={type}>{formatMoney(value)}</Typography.Text>;
}
