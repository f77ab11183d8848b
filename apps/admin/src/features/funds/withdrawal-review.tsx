import { DRAW_TYPE, FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { StaffWithdrawal } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import { Alert, Descriptions, Form, Input, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/funds-status-tag';
import { ApprovalSteps, ApprovalsTag } from '../../components/review/approval-steps';
import { ConfirmButton, FourEyesDecision, fieldText } from '../../components/review/review-decision';
import { ReviewBody } from '../../components/review/review-drawer';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { payWithdrawal, rejectWithdrawal, WITHDRAWALS_KEY } from './funds-api';
import { sameStaffAlertOf, withdrawalApprovalPays, withdrawalPayment } from './review-rules';

type DecisionValues = { payout_reference?: string; notes?: string; reject_notes?: string };

/** Where the money goes: the coin address, or the bank and the account. */
export function Destination({ withdrawal, full = false }: { withdrawal: StaffWithdrawal; full?: boolean }) {
  const { method } = withdrawal;
  if (withdrawal.type === DRAW_TYPE.coin) {
    return (
      <Space direction="vertical" size={0}>
        <Typography.Text strong>
          {withdrawal.draw_currency.code} {withdrawal.draw_currency.protocol}
        </Typography.Text>
        {/* In the list, the start of the address (the whole on hover); the review drawer shows it in full. */}
        <Typography.Text
          code
          copyable={full}
          className="withdrawal-address"
          title={withdrawal.address || method.dc_address}
          ellipsis={!full}
          style={full ? undefined : { maxWidth: 200 }}
        >
          {withdrawal.address || method.dc_address}
        </Typography.Text>
      </Space>
    );
  }
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>
        {withdrawal.draw_currency.code} · {withdrawal.bank_name || method.bank_name}
      </Typography.Text>
      <Typography.Text code copyable={full}>
        {withdrawal.payee_account || method.payee_account}
      </Typography.Text>
      {full && (
        <>
          <Typography.Text>{method.payee_name}</Typography.Text>
          {method.bank_swift && <Typography.Text type="secondary">SWIFT {method.bank_swift}</Typography.Text>}
          {method.bank_address && <Typography.Text type="secondary">{method.bank_address}</Typography.Text>}
        </>
      )}
    </Space>
  );
}

/** The four-eyes state: "approvals 1 of 2" while a large withdrawal waits for its second approval. */
export function WithdrawalApprovalsTag({ withdrawal }: { withdrawal: StaffWithdrawal }) {
  if (withdrawal.approvals_needed < 2) return null;
  return (
    <ApprovalsTag
      count={withdrawal.approvals.length}
      needed={withdrawal.approvals_needed}
      started={withdrawal.state === 'approved'}
    />
  );
}

/**
 * A withdrawal's own details in the drawer: the figures, the destination in full and the payment.
 * A fragment of items, not a component: the details' table reads its items from its children.
 */
function withdrawalDetails(withdrawal: StaffWithdrawal, t: TFunction): ReactNode {
  return (
    <>
      <Descriptions.Item label={t('funds.withdrawal.number')}>{withdrawal.number} USDT</Descriptions.Item>
      <Descriptions.Item label={t('funds.withdrawal.fee')}>{withdrawal.fee} USDT</Descriptions.Item>
      <Descriptions.Item label={t('funds.withdrawal.rate')}>
        {t('funds.withdrawal.rateValue', {
          rate: withdrawal.usd_price,
          code: withdrawal.draw_currency.code,
        })}
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.withdrawal.receive')}>
        <Typography.Text strong className="withdrawal-receive">
          {withdrawal.real_number} {withdrawal.draw_currency.code}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.withdrawal.destination')} span={2}>
        <Destination withdrawal={withdrawal} full />
      </Descriptions.Item>
      {!!withdrawal.memo && (
        <Descriptions.Item label={t('funds.withdrawal.memo')} span={2}>
          {withdrawal.memo}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('common.status')}>
        <StatusTag kind="withdrawals" status={withdrawal.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.createdAt')}>
        {formatDateTime(withdrawal.created_time)}
      </Descriptions.Item>
      {!!withdrawal.payout_reference && (
        <Descriptions.Item label={t('funds.withdrawal.payoutReference')} span={2}>
          <Typography.Text code>{withdrawal.payout_reference}</Typography.Text>
        </Descriptions.Item>
      )}
      {!!withdrawal.notes && (
        <Descriptions.Item label={t('funds.withdrawal.notes')} span={2}>
          {withdrawal.notes}
        </Descriptions.Item>
      )}
    </>
  );
}

/**
 * A withdrawal's review: its details and four-eyes approvals, then the approval (the last one pays,
 * with the payment's reference) or the rejection with the reason the customer reads.
 */
export function WithdrawalReview({
  withdrawal,
  onDone,
}: {
  withdrawal: StaffWithdrawal;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const [form] = Form.useForm<DecisionValues>();
  const options = { refresh: [WITHDRAWALS_KEY, ['customers', 'context']], onDone };
  const pays = withdrawalApprovalPays(withdrawal);
  const pay = useAction(payWithdrawal, {
    ...options,
    successKey: pays ? 'funds.withdrawal.paidDone' : 'funds.withdrawal.approvedDone',
  });
  const reject = useAction(rejectWithdrawal, { ...options, successKey: 'funds.withdrawal.rejected' });
  const busy = pay.isPending || reject.isPending;
  const mayReview = staffMay(staff.role, 'funds.review') && withdrawal.status === FUNDS_STATUS.unchecked;
  return (
    <ReviewBody
      customer={withdrawal.user}
      customerLabel={t('funds.customer')}
      detailsClassName="withdrawal-details"
      details={withdrawalDetails(withdrawal, t)}
      decision={
        mayReview && (
          <FourEyesDecision<DecisionValues>
            form={form}
            className="withdrawal-decision"
            title={pays ? t('funds.withdrawal.payTitle') : t('funds.withdrawal.firstApprovalTitle')}
            sameStaff={sameStaffAlertOf(t, 'withdrawal', withdrawal.approvals, staff.id)}
            refusal={{
              title: t('funds.withdrawal.rejectTitle'),
              field: 'reject_notes',
              label: t('funds.withdrawal.rejectReason'),
              hint: t('funds.withdrawal.rejectHint'),
              requiredMessage: t('funds.withdrawal.rejectReasonRequired'),
              className: 'withdrawal-reject',
              loading: busy,
              onReject: (notes) => reject.mutate({ id: withdrawal.id, notes }),
              button: t('funds.withdrawal.reject'),
            }}
            approval={
              <>
                {pays ? (
                  <Form.Item
                    name="payout_reference"
                    label={t('funds.withdrawal.payoutReference')}
                    extra={t('funds.withdrawal.payoutReferenceHint')}
                  >
                    <Input maxLength={LIMITS.payoutReferenceLengthMax} />
                  </Form.Item>
                ) : (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 16 }}
                    message={t('funds.withdrawal.firstApprovalText')}
                  />
                )}
                <Form.Item name="notes" label={t('funds.withdrawal.internalNotes')}>
                  <Input maxLength={LIMITS.reviewReasonLengthMax} />
                </Form.Item>
                <ConfirmButton
                  primary
                  confirm={
                    pays
                      ? t('funds.withdrawal.payConfirm', {
                          amount: `${withdrawal.real_number} ${withdrawal.draw_currency.code}`,
                        })
                      : t('funds.withdrawal.firstApprovalConfirm')
                  }
                  okText={t('funds.confirm')}
                  className="withdrawal-approve"
                  loading={busy}
                  onConfirm={() => {
                    const reference = fieldText(form, 'payout_reference');
                    if (pays && reference === '') {
                      form.setFields([
                        { name: 'payout_reference', errors: [t('funds.withdrawal.payoutReferenceRequired')] },
                      ]);
                      return;
                    }
                    pay.mutate(
                      withdrawalPayment(withdrawal, pays, { reference, notes: fieldText(form, 'notes') }),
                    );
                  }}
                >
                  {pays ? t('funds.withdrawal.pay') : t('funds.withdrawal.approveFirst')}
                </ConfirmButton>
              </>
            }
          />
        )
      }
    >
      <ApprovalSteps
        approvals={withdrawal.approvals}
        needed={withdrawal.approvals_needed}
        tag={withdrawal.approvals_needed > 1 && <WithdrawalApprovalsTag withdrawal={withdrawal} />}
        hint={withdrawal.approvals_needed > 1 ? t('funds.withdrawal.fourEyesHint') : undefined}
        closed={withdrawal.status === FUNDS_STATUS.rejected}
        titleOf={(approval) => t('funds.withdrawal.approvedBy', { name: approval.staff.name })}
        descriptionOf={(approval) => formatDateTime(approval.at)}
      />
    </ReviewBody>
  );
}
