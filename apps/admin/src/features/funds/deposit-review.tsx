import { FUNDS_STATUS } from '@meridian/contract/funds-codes';
import type { StaffDeposit } from '@meridian/contract/funds-staff';
import { LIMITS } from '@meridian/contract/limits';
import { staffMay } from '@meridian/domain/staff-roles';
import { Alert, Descriptions, Flex, Form, Image, Input, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusTag } from '../../components/funds-status-tag';
import { ApprovalSteps, ApprovalsTag } from '../../components/review/approval-steps';
import { ConfirmButton, FourEyesDecision, fieldText } from '../../components/review/review-decision';
import { ReviewBody, SignedImages } from '../../components/review/review-drawer';
import { useStaff } from '../../hooks/use-staff';
import { formatDateTime } from '../../lib/format';
import { useAction } from '../../lib/use-action';
import { ChannelCell, FlagsAlert } from './deposit-cells';
import { approveDeposit, DEPOSITS_KEY, invalidDeposit, rejectDeposit, useDepositProof } from './funds-api';
import {
  AMOUNT_PATTERN,
  depositApproval,
  depositDecisionState,
  type FourEyesTerms,
  sameStaffAlertOf,
} from './review-rules';

type DecisionValues = { amount: string; reason?: string; remark?: string };

/**
 * A deposit's own details in the drawer: where it was sent, what was sent, and what was credited.
 * A fragment of items, not a component: the details' table reads its items from its children.
 */
function depositDetails(deposit: StaffDeposit, t: TFunction): ReactNode {
  return (
    <>
      <Descriptions.Item label={t('funds.channel.title')}>
        <ChannelCell deposit={deposit} />
      </Descriptions.Item>
      <Descriptions.Item label={t('common.status')}>
        <StatusTag kind="deposits" status={deposit.status} />
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.deposit.sentTo')} span={2}>
        <Typography.Text code copyable>
          {deposit.address}
        </Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.deposit.number')}>
        <span className="deposit-number">
          {deposit.number} {deposit.currency_code}
        </span>
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.deposit.usdPerUnit')}>{deposit.usd_per_unit}</Descriptions.Item>
      <Descriptions.Item label={t('funds.deposit.suggested')}>
        <span className="deposit-suggested">{deposit.suggested_amount} USDT</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.deposit.credited')}>
        {deposit.status === FUNDS_STATUS.finished ? `${deposit.amount} USDT` : '-'}
      </Descriptions.Item>
      {!!deposit.amount_reason && (
        <Descriptions.Item label={t('funds.deposit.amountReason')} span={2}>
          {deposit.amount_reason}
        </Descriptions.Item>
      )}
      {!!deposit.remark && (
        <Descriptions.Item label={t('funds.remark')} span={2}>
          {deposit.remark}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('funds.createdAt')}>
        {formatDateTime(deposit.created_time)}
      </Descriptions.Item>
      <Descriptions.Item label={t('funds.reviewedBy')}>
        {deposit.reviewed_by ? `${deposit.reviewed_by.name} · ${formatDateTime(deposit.reviewed_time)}` : '-'}
      </Descriptions.Item>
    </>
  );
}

/**
 * A deposit's review: its flags, details, four-eyes approvals and proof, then the credit (the
 * suggested amount or a corrected one with its reason), the rejection or the invalid mark.
 */
export function DepositReview({
  deposit,
  terms,
  onDone,
}: {
  deposit: StaffDeposit;
  terms: FourEyesTerms;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const staff = useStaff();
  const proof = useDepositProof(deposit.id);
  const [form] = Form.useForm<DecisionValues>();
  const state = depositDecisionState(deposit, Form.useWatch('amount', form), terms);
  const { waiting, first, amount, corrected, needsSecond, approvalsShown, flags } = state;
  const options = { refresh: [DEPOSITS_KEY, ['customers', 'context']], onDone };
  const approve = useAction(approveDeposit, {
    ...options,
    successKey: needsSecond ? 'funds.deposit.approvedFirst' : 'funds.deposit.approved',
  });
  const reject = useAction(rejectDeposit, { ...options, successKey: 'funds.deposit.rejected' });
  const invalid = useAction(invalidDeposit, { ...options, successKey: 'funds.deposit.invalidated' });
  const busy = approve.isPending || reject.isPending || invalid.isPending;
  const mayReview = staffMay(staff.role, 'funds.review') && waiting;

  return (
    <ReviewBody
      customer={deposit.user}
      customerLabel={t('funds.customer')}
      notice={<FlagsAlert flags={flags} waiting={waiting} />}
      detailsClassName="deposit-details"
      details={depositDetails(deposit, t)}
      decision={
        mayReview && (
          <FourEyesDecision<DecisionValues>
            form={form}
            className="deposit-decision"
            initialValues={{ amount: first?.amount ?? deposit.suggested_amount, reason: first?.reason }}
            title={first ? t('funds.deposit.secondApprovalTitle') : t('funds.deposit.approveTitle')}
            sameStaff={sameStaffAlertOf(t, 'deposit', deposit.approvals, staff.id)}
            refusal={{
              title: t('funds.deposit.refuseTitle'),
              field: 'remark',
              label: t('funds.remark'),
              hint: t('funds.deposit.remarkHint'),
              requiredMessage: t('funds.deposit.remarkRequired'),
              className: 'deposit-reject',
              loading: busy,
              onReject: (remark) => reject.mutate({ id: deposit.id, remark }),
              button: t('funds.deposit.reject'),
            }}
            moreRefusals={
              <ConfirmButton
                confirm={t('funds.deposit.invalidConfirm')}
                okText={t('funds.deposit.invalid')}
                className="deposit-invalid"
                loading={busy}
                onConfirm={() => {
                  const remark = fieldText(form, 'remark');
                  invalid.mutate(remark ? { id: deposit.id, remark } : { id: deposit.id });
                }}
              >
                {t('funds.deposit.invalid')}
              </ConfirmButton>
            }
            approval={
              <>
                {first && (
                  <Alert
                    type="info"
                    showIcon
                    className="deposit-second-approval"
                    style={{ marginBottom: 16 }}
                    message={t('funds.deposit.secondApprovalText', {
                      name: first.staff.name,
                      amount: first.amount,
                    })}
                  />
                )}
                <Flex gap={16} align="start" wrap>
                  <Form.Item
                    name="amount"
                    label={t('funds.deposit.amountToCredit')}
                    extra={t('funds.deposit.amountHint', { amount: deposit.suggested_amount })}
                    rules={[
                      { required: true, message: t('funds.required') },
                      { pattern: AMOUNT_PATTERN, message: t('funds.deposit.amountFormat') },
                    ]}
                    style={{ width: 240 }}
                  >
                    <Input suffix="USDT" inputMode="decimal" disabled={first !== undefined} />
                  </Form.Item>
                  {corrected && (
                    <Form.Item
                      name="reason"
                      label={t('funds.deposit.amountReason')}
                      rules={[
                        {
                          required: true,
                          whitespace: true,
                          message: t('funds.deposit.amountReasonRequired'),
                        },
                      ]}
                      style={{ flex: 1, minWidth: 240 }}
                    >
                      <Input maxLength={LIMITS.reviewReasonLengthMax} disabled={first !== undefined} />
                    </Form.Item>
                  )}
                </Flex>
                {needsSecond && (
                  <Typography.Paragraph type="secondary" className="deposit-needs-second">
                    {t('funds.deposit.needsSecondText')}
                  </Typography.Paragraph>
                )}
                <ConfirmButton
                  primary
                  confirm={
                    needsSecond
                      ? t('funds.deposit.firstApprovalConfirm', { amount })
                      : t('funds.deposit.approveConfirm', { amount })
                  }
                  okText={t('funds.deposit.approve')}
                  className="deposit-approve"
                  loading={busy}
                  onConfirm={() =>
                    form
                      .validateFields(corrected ? ['amount', 'reason'] : ['amount'])
                      .then((values) => approve.mutate(depositApproval(deposit, state, values)))
                      .catch(() => undefined)
                  }
                >
                  {needsSecond
                    ? t('funds.deposit.approveFirst', { amount })
                    : t('funds.deposit.approveAmount', { amount })}
                </ConfirmButton>
              </>
            }
          />
        )
      }
    >
      {approvalsShown > 1 && (
        <ApprovalSteps
          approvals={deposit.approvals}
          needed={approvalsShown}
          tag={
            <ApprovalsTag
              count={deposit.approvals.length}
              needed={approvalsShown}
              started={deposit.approvals.length > 0}
            />
          }
          hint={t('funds.deposit.fourEyesHint', {
            tolerance: terms.tolerancePercent,
            threshold: terms.fourEyesThresholdUsd,
          })}
          closed={!waiting}
          titleOf={(approval) =>
            t('funds.deposit.approvedAmountBy', { name: approval.staff.name, amount: approval.amount })
          }
          descriptionOf={(approval) =>
            [formatDateTime(approval.at), approval.reason].filter(Boolean).join(' · ')
          }
        />
      )}

      <SignedImages title={t('funds.deposit.proof')} query={proof}>
        {(signed) => (
          <figure className="review-figure deposit-proof" style={{ margin: 0 }}>
            <Image
              src={signed.url}
              width={360}
              height={240}
              style={{ objectFit: 'contain', background: '#fafafa' }}
              alt={t('funds.deposit.proof')}
            />
            <figcaption>{t('funds.signedUntil', { time: formatDateTime(signed.expires_at) })}</figcaption>
          </figure>
        )}
      </SignedImages>
    </ReviewBody>
  );
}
