import { LIMITS } from '@meridian/contract/limits';
import type { ProposalSortKey } from '@meridian/contract/list-sort';
import type { Proposal, ProposalApproval } from '@meridian/contract/proposals-staff';
import { staffMay } from '@meridian/domain/staff-roles';
import { App, Button, Input, Modal, Segmented, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FieldChanges } from '../../components/field-changes';
import { Page } from '../../components/page';
import { fieldLabel, fieldValue, targetLabel } from '../../components/proposal-fields';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { useServerPaging } from '../../lib/list-paging';
import { exportList, type ListColumn } from '../../lib/list-table';
import { PagedListTable } from '../../lib/paged-list-table';
import { approveProposal, PROPOSALS_KEY, rejectProposal, useProposals } from '../../lib/proposals';
import { useAction } from '../../lib/use-action';
import { FILTERS, type Filter, filterOf, rejection, STATE_COLORS } from './proposal-states';

const PAGE_SIZE = 20;

/**
 * Proposed control changes: channels, wire accounts, money settings, new admins.
 * Admins approve or reject the others' proposals; anyone who proposed sees theirs and their state.
 */
export function ProposalsPage() {
  const { t } = useTranslation();
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const highlighted = Number(params.get('id') ?? 0);
  const filter = filterOf(params.get('state'));
  const paging = useServerPaging<ProposalSortKey>(PAGE_SIZE);
  const proposals = useProposals({
    state: filter,
    page: paging.page,
    limit: PAGE_SIZE,
    ...paging.sortFields,
  });
  const mayDecide = staffMay(staff.role, 'proposals.decide');
  // The console's one date format (to the second), as every other screen writes its moments.
  const when = (iso: string | null) => (iso ? formatDateTime(iso) : '');
  return (
    <Page
      title={t('nav.proposals')}
      extra={
        <Button onClick={() => proposals.refetch()} loading={proposals.isFetching}>
          {t('common.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {mayDecide ? t('proposals.introAdmin') : t('proposals.introOwn')}
      </Typography.Paragraph>
      <Segmented<Filter>
        className="proposal-filter"
        style={{ marginBottom: 16 }}
        value={filter}
        onChange={(value) => {
          paging.setPage(1);
          setParams({ state: value });
        }}
        options={FILTERS.map((value) => ({ value, label: t(`proposals.states.${value}`) }))}
      />
      <PagedListTable<Proposal>
        className="proposals"
        query={proposals}
        csvName="proposals"
        paging={paging}
        exportRows={() => exportList<Proposal>('/proposals/list', { state: filter, ...paging.sortFields })}
        rowClassName={(row) => (row.id === highlighted ? 'proposal-highlighted' : '')}
        columns={
          [
            {
              title: t('proposals.item'),
              sortKey: 'id',
              sortValue: (row) => row.id,
              csv: (row) => `#${row.id} ${t(`proposals.kinds.${row.kind}`)} ${targetLabel(t, row)}`,
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <Typography.Text strong>
                    #{row.id} · {t(`proposals.kinds.${row.kind}`)}
                  </Typography.Text>
                  <Typography.Text>{targetLabel(t, row)}</Typography.Text>
                  <Typography.Text type="secondary">
                    {t('proposals.proposedByLine', {
                      name: row.proposed_by.name,
                      time: when(row.proposed_at),
                    })}
                  </Typography.Text>
                </Space>
              ),
            },
            {
              title: t('proposals.change'),
              sortValue: false,
              csv: (row) =>
                Object.keys(row.after)
                  .map(
                    (field) =>
                      `${fieldLabel(t, row.kind, row.target, field)}: ${fieldValue(t, row.kind, row.target, field, row.before[field] ?? '')} -> ${fieldValue(t, row.kind, row.target, field, row.after[field] ?? '')}`,
                  )
                  .join('; '),
              render: (_, row) => (
                <FieldChanges
                  stacked
                  before={row.before}
                  after={row.after}
                  labelOf={(field) => fieldLabel(t, row.kind, row.target, field)}
                  showValue={(field, value) => fieldValue(t, row.kind, row.target, field, value)}
                />
              ),
            },
            {
              title: t('common.status'),
              sortKey: 'state',
              sortValue: (row) => t(`proposals.states.${row.state}`),
              csv: (row) =>
                `${t(`proposals.states.${row.state}`)} ${row.decided_by?.name ?? ''} ${when(row.decided_at)}`.trim(),
              render: (_, row) => (
                <Space direction="vertical" size={0}>
                  <Tag color={STATE_COLORS[row.state]}>{t(`proposals.states.${row.state}`)}</Tag>
                  {row.state === 'pending' ? (
                    <Typography.Text type="secondary">
                      {t('proposals.expiresAt', { time: when(row.expires_at) })}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="secondary">
                      {row.decided_by
                        ? t('proposals.decidedBy', { name: row.decided_by.name, time: when(row.decided_at) })
                        : when(row.decided_at)}
                    </Typography.Text>
                  )}
                  {row.reason && <Typography.Text type="secondary">“{row.reason}”</Typography.Text>}
                </Space>
              ),
            },
            ...(mayDecide && (proposals.data?.list ?? []).some((row) => row.state === 'pending')
              ? [
                  {
                    title: t('common.actions'),
                    sortValue: false as const,
                    csv: false as const,
                    render: (_: unknown, row: Proposal) =>
                      row.state === 'pending' ? (
                        <Decision proposal={row} mine={row.proposed_by.id === staff.id} />
                      ) : null,
                  },
                ]
              : []),
          ] satisfies ListColumn<Proposal>[]
        }
      />
    </Page>
  );
}

/** Approve (confirmed, showing the change again) or reject (an optional reason); never one's own. */
function Decision({ proposal, mine }: { proposal: Proposal; mine: boolean }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [rejecting, setRejecting] = useState(false);
  const [link, setLink] = useState<ProposalApproval>();
  const approve = useAction(approveProposal, {
    refresh: [PROPOSALS_KEY],
    successKey: 'proposals.approved',
    onDone: (approval) => {
      if (approval.enrolment_path) setLink(approval);
    },
  });
  if (mine) return <Typography.Text type="secondary">{t('proposals.yours')}</Typography.Text>;
  const confirmApproval = () =>
    modal.confirm({
      className: 'approve-confirmation',
      title: t('proposals.approveConfirm', { item: targetLabel(t, proposal) }),
      width: 560,
      okText: t('proposals.approve'),
      cancelText: t('common.cancel'),
      content: (
        <FieldChanges
          before={proposal.before}
          after={proposal.after}
          labelOf={(field) => fieldLabel(t, proposal.kind, proposal.target, field)}
          showValue={(field, value) => fieldValue(t, proposal.kind, proposal.target, field, value)}
        />
      ),
      onOk: () => approve.mutateAsync({ id: proposal.id }).catch(() => undefined),
    });
  return (
    <Space>
      <Button
        type="primary"
        className="approve-proposal"
        loading={approve.isPending}
        onClick={confirmApproval}
      >
        {t('proposals.approve')}
      </Button>
      <Button danger className="reject-proposal" onClick={() => setRejecting(true)}>
        {t('proposals.reject')}
      </Button>
      {rejecting && <RejectDialog proposal={proposal} onClose={() => setRejecting(false)} />}
      {link && (
        <Modal
          open
          title={t('proposals.enrolmentTitle')}
          okText={t('staffAdmin.linkDone')}
          cancelButtonProps={{ style: { display: 'none' } }}
          onOk={() => setLink(undefined)}
          onCancel={() => setLink(undefined)}
        >
          <Typography.Paragraph>{t('staffAdmin.linkOnce')}</Typography.Paragraph>
          <Typography.Paragraph code copyable>
            {new URL(link.enrolment_path, window.location.origin).toString()}
          </Typography.Paragraph>
        </Modal>
      )}
    </Space>
  );
}

function RejectDialog({ proposal, onClose }: { proposal: Proposal; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const reject = useAction(rejectProposal, {
    refresh: [PROPOSALS_KEY],
    successKey: 'proposals.rejected',
    onDone: onClose,
  });
  return (
    <Modal
      open
      className="reject-dialog"
      title={t('proposals.rejectConfirm', { item: targetLabel(t, proposal) })}
      okText={t('proposals.reject')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      confirmLoading={reject.isPending}
      onCancel={onClose}
      onOk={() => reject.mutate(rejection(proposal.id, reason))}
    >
      <Typography.Paragraph type="secondary">{t('proposals.rejectHint')}</Typography.Paragraph>
      <Input.TextArea
        value={reason}
        onChange={(event) => setReason(event.target.value)}
        maxLength={LIMITS.reviewReasonLengthMax}
        placeholder={t('common.reason')}
        autoSize={{ minRows: 2 }}
      />
    </Modal>
  );
}
