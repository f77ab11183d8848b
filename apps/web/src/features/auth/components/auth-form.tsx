import type { IdentifierType } from '@meridian/contract/auth';
import { Button, Form, type FormProps } from 'antd-mobile';
import type { ReactNode } from 'react';
import { AccountFields, type AccountFieldsProps } from './account-fields';
import { IdentifierSwitch } from './identifier-switch';

export type AuthFormProps = Pick<FormProps, 'form' | 'onFinish' | 'initialValues'> & {
  submitLabel: string;
  submitting: boolean;
  /** Sign-in, sign-up and reset start with the identifier: the e-mail or mobile switch and its fields. */
  account?: AccountFieldsProps & { onTypeChange(type: IdentifierType): void };
  children: ReactNode;
};

/**
 * The account forms' one layout: labels above the fields, no required marks, a wide submit button.
 * Each form still loads the styles it needs, as before.
 */
export function AuthForm({
  form,
  onFinish,
  initialValues,
  submitLabel,
  submitting,
  account,
  children,
}: AuthFormProps) {
  const fields = (
    <Form
      form={form}
      className="auth-form"
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={initialValues}
      onFinish={onFinish}
      footer={
        <Button block type="submit" color="primary" size="large" loading={submitting}>
          {submitLabel}
        </Button>
      }
    >
      {account && (
        <AccountFields
          type={account.type}
          areas={account.areas}
          mobileMode={account.mobileMode}
          purpose={account.purpose}
        />
      )}
      {children}
    </Form>
  );
  if (!account) return fields;
  return (
    <>
      {account.mobileMode !== 'none' && (
        <IdentifierSwitch value={account.type} onChange={account.onTypeChange} />
      )}
      {fields}
    </>
  );
}
