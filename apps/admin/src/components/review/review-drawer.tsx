import type { StaffCustomer } from '@meridian/contract/funds-staff';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Drawer, Flex, Spin, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerCell } from '../customer-cell';
import { CustomerContextPanel } from '../customer-context';

/** What every reviewed record has: its id, and the customer it belongs to. */
type Reviewed = { id: number; user: StaffCustomer };

/**
 * The record a review list has open in its drawer, found again in each fresh page of the list, so
 * the drawer shows what the server says now (and closes once the record leaves the page).
 */
export function useOpenRecord<Row extends { id: number }>(rows: readonly Row[] | undefined) {
  const [openId, setOpenId] = useState<number>();
  return {
    open: rows?.find((row) => row.id === openId),
    openRecord: (id: number) => setOpenId(id),
    close: () => setOpenId(undefined),
  };
}

/** A list row's way into the drawer: "Review" while the record waits for a decision, else "View". */
export function ReviewButton({
  waiting,
  scope,
  onOpen,
}: {
  waiting: boolean;
  /** Whose words: the funds reviews and the identity review name their buttons apart. */
  scope: 'funds' | 'identity';
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Button type={waiting ? 'primary' : 'default'} onClick={onOpen}>
      {waiting ? t(`${scope}.review`) : t(`${scope}.view`)}
    </Button>
  );
}

/**
 * A review's drawer, titled with the record and its customer. Its body is mounted only while open,
 * so a closed review keeps neither a half-typed decision nor signed image addresses.
 */
export function ReviewDrawer<Row extends Reviewed>({
  className,
  width = 780,
  record,
  titleKey,
  onClose,
  children,
}: {
  className: string;
  width?: number;
  record: Row | undefined;
  /** The title's text, given the record's `id` and the customer's `uid`. */
  titleKey: string;
  onClose: () => void;
  children: (record: Row) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Drawer
      className={className}
      width={width}
      open={record !== undefined}
      onClose={onClose}
      title={record ? t(titleKey, { id: record.id, uid: record.user.uid }) : ''}
      destroyOnHidden
    >
      {record && children(record)}
    </Drawer>
  );
}

/**
 * The drawer's body, the same order for every kind: what the reviewer is warned of, the record's
 * details (the customer first), the kind's own sections, the customer's context, then the decision
 * (absent for a decided record or a role that may not decide).
 */
export function ReviewBody({
  customer,
  customerLabel,
  notice,
  detailsClassName,
  details,
  children,
  decision,
}: {
  customer: StaffCustomer;
  customerLabel: string;
  notice?: ReactNode;
  detailsClassName?: string;
  /** The kind's `Descriptions.Item`s after the customer's, its status among them. */
  details: ReactNode;
  children?: ReactNode;
  decision: ReactNode;
}) {
  return (
    <Flex vertical gap={24}>
      {notice}
      <Descriptions column={2} bordered size="small" className={detailsClassName}>
        <Descriptions.Item label={customerLabel} span={2}>
          <CustomerCell customer={customer} />
        </Descriptions.Item>
        {details}
      </Descriptions>
      {children}
      <CustomerContextPanel userId={customer.id} />
      {decision}
    </Flex>
  );
}

/**
 * Images read at addresses signed for this staff member (a deposit's proof, an identity's photos):
 * loading, the refusal, or the images once the addresses are known.
 */
export function SignedImages<Data>({
  title,
  query,
  children,
}: {
  title: string;
  query: UseQueryResult<Data, Error>;
  children: (data: Data) => ReactNode;
}) {
  return (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      {query.isLoading && <Spin />}
      {query.isError && <Alert type="error" showIcon message={query.error.message} />}
      {query.data !== undefined && children(query.data)}
    </div>
  );
}
