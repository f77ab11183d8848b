import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { LIMITS } from '@meridian/contract/limits';
import type { ListSort } from '@meridian/contract/list-sort';
import { staffMay } from '@meridian/domain/staff-roles';
import {
  Alert,
  Button,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Image,
  Input,
  Popconfirm,
  Segmented,
  Space,
  Spin,
  Tag,
  Typography,
} from 'antd';
import { type HTMLAttributes, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../app/page';
import { useStaff } from '../../app/router';
import { exportList, ListTable } from '../../lib/list-table';
import { useAction } from '../../lib/use-action';
import { CustomerContextPanel } from '../funds/customer-context';
import { CustomerCell, formatTime } from '../funds/review-bits';
import {
  reviewSubmission,
  SUBMISSIONS_KEY,
  type SubmissionState,
  useSubmissionPhotos,
  useSubmissions,
} from './identity-api';

const STATES: SubmissionState[] = ['pending', 'verified', 'rejected', 'all'];
const STATE_COLORS: Record<StaffSubmission['state'], string> = {
  none: 'default',
  pending: 'gold',
  verified: 'green',
  rejected: 'red',
};

function StateTag({ state }: { state: StaffSubmission['state'] }) {
  const { t } = useTranslation();
  return <Tag color={STATE_COLORS[state]}>{t(`identity.state.${state}`)}</Tag>;
}

/**
 * The identity review (role compliance): the queue of waiting submissions, oldest first, or the
 * reviewed ones by state; a submission opens in a drawer with its photos, to approve or reject.
 */
export function IdentityPage() {
  const { t } = useTranslation();
  const [state, setState] = useState<SubmissionState>('pending');
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number>();
  const [sort, setSort] = useState<ListSort>();
  const limit = 20;
  const submissions = useSubmissions({ state, page, limit, sort: sort?.sort, order: sort?.order });
  const open = submissions.data?.list.find((one) => one.id === openId);
  return (
    <Page
      title={t('nav.identity')}
      extra={
        <Space>
          <Segmented
            className="identity-filter"
            value={state}
            onChange={(value) => {
              setState(value as SubmissionState);
              setPage(1);
            }}
            options={STATES.map((value) => ({ value, label: t(`identity.filter.${value}`) }))}
          />
          <Button onClick={() => submissions.refetch()} loading={submissions.isFetching}>
            {t('common.refresh')}
          </Button>
        </Space>
      }
    >
      {state === 'pending' && (
        <Typography.Paragraph type="secondary">{t('identity.queueHint')}</Typography.Paragraph>
      )}
      <ListTable<StaffSubmission>
        className="identity-table"
        rowKey="id"
        query={submissions}
        rows={submissions.data?.list}
        csvName="identity-reviews"
        serverSort={{
          sort,
          onChange: (next) => {
            setSort(next);
            setPage(1);
          },
        }}
        exportRows={() =>
          exportList<StaffSubmission>('/kyc/submissions', { state, sort: sort?.sort, order: sort?.order })
        }
        onRow={(row) => ({ 'data-submission-id': row.id }) as HTMLAttributes<HTMLElement>}
        pagination={{
          current: page,
          pageSize: limit,
          total: submissions.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          { title: '#', dataIndex: 'id', width: 72, sortKey: 'id' },
          {
            title: t('identity.customer'),
            sortKey: 'customer',
            sortValue: (row) => row.user.uid,
            render: (_, row) => <CustomerCell customer={row.user} />,
          },
          { title: t('identity.name'), dataIndex: 'name' },
          {
            title: t('identity.cardId'),
            dataIndex: 'card_id',
            render: (value: string) => <Typography.Text code>{value}</Typography.Text>,
          },
          {
            title: t('identity.submittedAt'),
            sortKey: 'submitted_at',
            sortValue: (row) => row.submitted_at,
            render: (_, row) => formatTime(row.submitted_at),
          },
          {
            title: t('common.status'),
            sortKey: 'state',
            sortValue: (row) => row.state,
            render: (_, row) => <StateTag state={row.state} />,
          },
          {
            title: t('identity.reviewedBy'),
            render: (_, row) =>
              row.reviewed_by ? `${row.reviewed_by.name} · ${formatTime(row.reviewed_at)}` : '-',
          },
          {
            title: t('common.actions'),
            width: 120,
            render: (_, row) => (
              <Button
                type={row.state === 'pending' ? 'primary' : 'default'}
                onClick={() => setOpenId(row.id)}
              >
                {row.state === 'pending' ? t('identity.review') : t('identity.view')}
              </Button>
            ),
          },
        ]}
      />
      <Drawer
        className="identity-drawer"
        width={760}
        open={open !== undefined}
        onClose={() => setOpenId(undefined)}
        title={open ? t('identity.drawerTitle', { id: open.id, uid: open.user.uid }) : ''}
        destroyOnHidden
      >
        {open && <SubmissionReview submission={open} onDone={() => setOpenId(undefined)} />}
      </Drawer>
    </Page>
  );
}

function SubmissionReview({ submission, onDone }: { submission: StaffSubmission; onDone: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const photos = useSubmissionPhotos(submission.id);
  const [form] = Form.useForm<{ reason: string }>();
  const review = useAction(reviewSubmission, {
    refresh: [SUBMISSIONS_KEY],
    successKey: 'identity.reviewed',
    onDone,
  });
  const mayReview = staffMay(staff.role, 'kyc.review') && submission.state === 'pending';
  return (
    <Flex vertical gap={24}>
      <Descriptions column={2} bordered size="small">
        <Descriptions.Item label={t('identity.customer')} span={2}>
          <CustomerCell customer={submission.user} />
        </Descriptions.Item>
        <Descriptions.Item label={t('identity.name')}>
          <span className="identity-name">{submission.name}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('identity.cardId')}>
          <Typography.Text code className="identity-card-id">
            {submission.card_id}
          </Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('identity.submittedAt')}>
          {formatTime(submission.submitted_at)}
        </Descriptions.Item>
        <Descriptions.Item label={t('common.status')}>
          <StateTag state={submission.state} />
        </Descriptions.Item>
        {!!submission.reviewed_by && (
          <Descriptions.Item label={t('identity.reviewedBy')} span={2}>
            {submission.reviewed_by.name} · {formatTime(submission.reviewed_at)}
          </Descriptions.Item>
        )}
        {!!submission.reason && (
          <Descriptions.Item label={t('common.reason')} span={2}>
            {submission.reason}
          </Descriptions.Item>
        )}
      </Descriptions>

      <div>
        <Typography.Title level={5}>{t('identity.photos')}</Typography.Title>
        {photos.isLoading && <Spin />}
        {photos.isError && <Alert type="error" showIcon message={photos.error.message} />}
        {photos.data && (
          <Image.PreviewGroup>
            <Flex gap={16} className="identity-photos">
              {[
                { key: 'front', src: photos.data.front_pic },
                { key: 'reverse', src: photos.data.reverse_pic },
              ].map((photo) => (
                <figure key={photo.key} className="review-figure" style={{ margin: 0 }}>
                  <Image
                    src={photo.src}
                    width={320}
                    height={210}
                    style={{ objectFit: 'contain', background: '#fafafa' }}
                    alt={t(`identity.${photo.key}`)}
                  />
                  <figcaption>{t(`identity.${photo.key}`)}</figcaption>
                </figure>
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
        {photos.data && (
          <Typography.Text type="secondary">
            {t('identity.photosSigned', { time: formatTime(photos.data.expires_at) })}
          </Typography.Text>
        )}
      </div>

      <CustomerContextPanel userId={submission.user.id} />

      {mayReview && (
        <Form form={form} layout="vertical" className="identity-decision">
          <Typography.Paragraph>{t('identity.compareHint')}</Typography.Paragraph>
          <Form.Item
            name="reason"
            label={t('identity.rejectReason')}
            extra={t('identity.rejectReasonHint')}
            rules={[{ required: true, whitespace: true, message: t('identity.reasonRequired') }]}
          >
            <Input.TextArea rows={3} maxLength={LIMITS.reviewReasonLengthMax} showCount />
          </Form.Item>
          <Space>
            <Popconfirm
              title={t('identity.approveConfirm', { name: submission.name })}
              okText={t('identity.approve')}
              cancelText={t('common.cancel')}
              onConfirm={() => review.mutate({ id: submission.id, decision: 'approve' })}
            >
              <Button type="primary" loading={review.isPending} className="identity-approve">
                {t('identity.approve')}
              </Button>
            </Popconfirm>
            <Button
              danger
              loading={review.isPending}
              className="identity-reject"
              onClick={() =>
                form
                  .validateFields()
                  .then(({ reason }) =>
                    review.mutate({ id: submission.id, decision: 'reject', reason: reason.trim() }),
                  )
                  .catch(() => undefined)
              }
            >
              {t('identity.reject')}
            </Button>
          </Space>
        </Form>
      )}
    </Flex>
  );
}
