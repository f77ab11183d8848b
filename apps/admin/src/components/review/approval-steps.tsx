import { Steps, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** "Approvals 1 of 2": how far a record that needs two people's approval has come. */
export function ApprovalsTag({
  count,
  needed,
  started,
}: {
  count: number;
  needed: number;
  started: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Tag color={started ? 'blue' : 'purple'} className="approvals-tag">
      {t('funds.withdrawal.approvalsOf', { count, needed })}
    </Tag>
  );
}

/**
 * The record's approval history: who approved and when, then each approval still missing, which
 * failed once the record was decided without it.
 */
export function ApprovalSteps<Approval extends { staff: { name: string }; at: string }>({
  approvals,
  needed,
  tag,
  hint,
  closed,
  titleOf,
  descriptionOf,
}: {
  approvals: readonly Approval[];
  needed: number;
  tag?: ReactNode;
  hint?: string | undefined;
  /** Decided: a missing approval will never come. */
  closed: boolean;
  titleOf: (approval: Approval) => string;
  descriptionOf: (approval: Approval) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="four-eyes">
      <Typography.Title level={5}>
        {t('funds.withdrawal.approvals')} {tag}
      </Typography.Title>
      {hint !== undefined && <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph>}
      <Steps
        direction="vertical"
        size="small"
        current={approvals.length}
        items={Array.from({ length: needed }, (_, index) => {
          const approval = approvals[index];
          return {
            title: approval ? titleOf(approval) : t('funds.withdrawal.approvalWaiting', { index: index + 1 }),
            description: approval ? descriptionOf(approval) : undefined,
            status: approval ? 'finish' : closed ? 'error' : 'wait',
          };
        })}
      />
    </div>
  );
}
