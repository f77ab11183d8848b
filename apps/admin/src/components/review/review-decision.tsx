import { LIMITS } from '@meridian/contract/limits';
import { Alert, Button, Divider, Form, type FormInstance, Input, Popconfirm, Space, Typography } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A form field's text without its surrounding spaces ('' when it was never typed in). */
export function fieldText<Values>(form: FormInstance<Values>, name: NamePath<Values>): string {
  const value: unknown = form.getFieldValue(name);
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * The decision's form. A refusal's message under a field (the server's, or a missing reason) goes
 * once that field is edited: it answered what was there before.
 */
export function DecisionForm<Values extends object>({
  form,
  className,
  initialValues,
  children,
}: {
  form: FormInstance<Values>;
  className: string;
  initialValues?: Partial<Values>;
  children: ReactNode;
}) {
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      className={className}
      onValuesChange={(changed: Partial<Values>) =>
        form.setFields((Object.keys(changed) as NamePath<Values>[]).map((name) => ({ name, errors: [] })))
      }
      initialValues={initialValues}
    >
      {children}
    </Form>
  );
}

/** Four eyes are two people: the one who approved first is told why they cannot approve again. */
function SameStaffAlert({ title, text }: { title: string; text: string }) {
  return (
    <Alert type="warning" showIcon className="four-eyes-same-staff" message={title} description={text} />
  );
}

/** An action that moves money or decides for the customer, sent only once the reviewer confirms it. */
export function ConfirmButton({
  confirm,
  okText,
  onConfirm,
  className,
  loading,
  primary = false,
  children,
}: {
  confirm: ReactNode;
  okText: string;
  onConfirm: () => void;
  className: string;
  loading: boolean;
  primary?: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm title={confirm} okText={okText} cancelText={t('common.cancel')} onConfirm={onConfirm}>
      <Button type={primary ? 'primary' : undefined} loading={loading} className={className}>
        {children}
      </Button>
    </Popconfirm>
  );
}

/** The refusal's part of the form: its title, the reason the customer reads, and its buttons. */
function RefusalSection({
  title,
  field,
  label,
  hint,
  children,
}: {
  title: string;
  field: string;
  label: string;
  hint: string;
  children: ReactNode;
}) {
  return (
    <>
      <Divider />
      <Typography.Title level={5}>{title}</Typography.Title>
      <Form.Item name={field} label={label} extra={hint}>
        <Input.TextArea rows={2} maxLength={LIMITS.reviewReasonLengthMax} showCount />
      </Form.Item>
      {children}
    </>
  );
}

/**
 * The refusing button: without a reason it says so under the reason's field and sends nothing (the
 * customer is told why), else it sends the trimmed reason.
 */
function RejectButton<Values>({
  form,
  field,
  requiredMessage,
  className,
  loading,
  onReject,
  children,
}: {
  form: FormInstance<Values>;
  field: NamePath<Values>;
  requiredMessage: string;
  className: string;
  loading: boolean;
  onReject: (reason: string) => void;
  children: ReactNode;
}) {
  return (
    <Button
      danger
      loading={loading}
      className={className}
      onClick={() => {
        const reason = fieldText(form, field);
        if (reason === '') {
          form.setFields([{ name: field, errors: [requiredMessage] }]);
          return;
        }
        onReject(reason);
      }}
    >
      {children}
    </Button>
  );
}

/**
 * A funds review's decision: its title, then the approval (or, to the one who approved first, why
 * they cannot approve again), then the refusal with its reason and its reject button, beside any
 * other refusing button (`moreRefusals`).
 */
export function FourEyesDecision<Values extends object>({
  form,
  className,
  initialValues,
  title,
  sameStaff,
  approval,
  refusal,
  moreRefusals,
}: {
  form: FormInstance<Values>;
  className: string;
  initialValues?: Partial<Values>;
  title: string;
  /** The reviewer approved already: the alert's title and text. */
  sameStaff: { title: string; text: string } | undefined;
  approval: ReactNode;
  refusal: {
    title: string;
    field: string;
    label: string;
    hint: string;
    requiredMessage: string;
    className: string;
    loading: boolean;
    onReject: (reason: string) => void;
    button: string;
  };
  moreRefusals?: ReactNode;
}) {
  const reject = (
    <RejectButton
      form={form}
      field={refusal.field as NamePath<Values>}
      requiredMessage={refusal.requiredMessage}
      className={refusal.className}
      loading={refusal.loading}
      onReject={refusal.onReject}
    >
      {refusal.button}
    </RejectButton>
  );
  return (
    <DecisionForm<Values> form={form} className={className} initialValues={initialValues}>
      <Typography.Title level={5}>{title}</Typography.Title>
      {sameStaff ? <SameStaffAlert title={sameStaff.title} text={sameStaff.text} /> : approval}
      <RefusalSection title={refusal.title} field={refusal.field} label={refusal.label} hint={refusal.hint}>
        {moreRefusals ? (
          <Space>
            {reject}
            {moreRefusals}
          </Space>
        ) : (
          reject
        )}
      </RefusalSection>
    </DecisionForm>
  );
}
