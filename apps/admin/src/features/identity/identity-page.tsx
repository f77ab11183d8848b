import type { StaffSubmission } from '@meridian/contract/kyc-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import { Button, Descriptions, Flex, Form, Image, Input, Segmented, Space, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CustomerCell } from '../../components/customer-cell';
import { Page } from '../../components/page';
import { ConfirmButton, DecisionForm } from '../../components/review/review-decision';
import {
  ReviewBody,
  ReviewButton,
  ReviewDrawer,
  SignedImages,
  useOpenRecord,
} from '../../components/review/review-drawer';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { useServerPaging } from '../../lib/list-paging';
import { exportList } from '../../lib/list-table';
import { PagedListTable } from '../../lib/paged-list-table';
import { useAction } from '../../lib/use-action';
import {
  reviewSubmission,
  SUBMISSIONS_KEY,
  type SubmissionState,
  useSubmissionPhotos,
  useSubmissions,
} from './identity-api';
import { STATE_COLORS, STATES } from './submission-states';

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
  const limit = 20;
  const paging = useServerPaging(limit);
  const submissions = useSubmissions({ state, page: paging.page, limit, ...paging.sortFields });
  const { open, openRecord, close } = useOpenRecord(submissions.data?.list);
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
              paging.setPage(1);
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
      <PagedListTable<StaffSubmission>
        className="identity-table"
        query={submissions}
        csvName="identity-reviews"
        paging={paging}
        exportRows={() => exportList<StaffSubmission>('/kyc/submissions', { state, ...paging.sortFields })}
        onRow={(row) => ({ 'data-submission-id': row.id }) as HTMLAttributes<HTMLElement>}
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
            render: (_, row) => formatDateTime(row.submitted_at),
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
              row.reviewed_by ? `${row.reviewed_by.name} · ${formatDateTime(row.reviewed_at)}` : '-',
          },
          {
            title: t('common.actions'),
            width: 120,
            render: (_, row) => (
              <ReviewButton
                waiting={row.state === 'pending'}
                scope="identity"
                onOpen={() => openRecord(row.id)}
              />
            ),
          },
        ]}
      />
      <ReviewDrawer
        className="identity-drawer"
        width={760}
        record={open}
        titleKey="identity.drawerTitle"
        onClose={close}
      >
        {(submission) => <SubmissionReview submission={submission} onDone={close} />}
      </ReviewDrawer>
    </Page>
  );
}

/**
 * A submission's own details in the drawer: the name and the card to compare with the photos, and
 * the review once made. A fragment of items, not a component: the details' table reads its items
 * from its children.
 */
function submissionDetails(submission: StaffSubmission, t: TFunction): ReactNode {
  return (
    <>
      <Descriptions.Item label={t('identity.name')}>
        <span className="identity-name">{submission.name}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.cardId')}>
        <Typography.Text code className="identity-card-id">
          {submission.card_id}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('identity.submittedAt')}>
        {formatDateTime(submission.submitted_at)}
      </Descriptions.Item>
      <Descriptions.Item label={t('common.status')}>
        <StateTag state={submission.state} />
      </Descriptions.Item>
      {!!submission.reviewed_by && (
        <Descriptions.Item label={t('identity.reviewedBy')} span={2}>
          {submission.reviewed_by.name} · {formatDateTime(submission.reviewed_at)}
        </Descriptions.Item>
      )}
      {!!submission.reason && (
        <Descriptions.Item label={t('common.reason')} span={2}>
          {submission.reason}
        </Descriptions.Item>
      )}
    </>
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
    <ReviewBody
      customer={submission.user}
      customerLabel={t('identity.customer')}
      details={submissionDetails(submission, t)}
      decision={
        mayReview && (
          <DecisionForm<{ reason: string }> form={form} className="identity-decision">
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
              <ConfirmButton
                primary
                confirm={t('identity.approveConfirm', { name: submission.name })}
                okText={t('identity.approve')}
                className="identity-approve"
                loading={review.isPending}
                onConfirm={() => review.mutate({ id: submission.id, decision: 'approve' })}
              >
                {t('identity.approve')}
              </ConfirmButton>
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
          </DecisionForm>
        )
      }
    >
      <SignedImages title={t('identity.photos')} query={photos}>
        {(signed) => (
          <>
            <Image.PreviewGroup>
              <Flex gap={16} className="identity-photos">
                {[
                  { key: 'front', src: signed.front_pic },
                  { key: 'reverse', src: signed.reverse_pic },
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
            <Typography.Text type="secondary">
              {t('identity.photosSigned', { time: formatDateTime(signed.expires_at) })}
            </Typography.Text>
          </>
        )}
      </SignedImages>
    </ReviewBody>
  );
}
