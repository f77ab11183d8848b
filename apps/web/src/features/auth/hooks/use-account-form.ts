import type { IdentifierType } from '@meridian/contract/auth';
import type { AreaCode } from '@meridian/contract/settings';
import { Form } from 'antd-mobile';
import type { FormInstance } from 'antd-mobile/es/components/form';
import { useState } from 'react';
import type { AccountFieldsProps } from '../components/account-fields';
import type { AuthFormProps } from '../components/auth-form';
import type { MobileFieldMode } from '../utils/mobile-mode';
import { type AccountValues, identifierOf } from '../utils/to-requests';
import { useDefaultArea } from './use-default-area';

type AccountForm = {
  form: FormInstance;
  type: IdentifierType;
  defaultArea: AreaCode | undefined;
  /** The identifier entered, as the requests send it. */
  identifier(values: AccountValues): ReturnType<typeof identifierOf>;
  formProps: Required<Pick<AuthFormProps, 'form' | 'account'>>;
};

/**
 * The state every form that starts with the identifier keeps (sign-in, sign-up, reset): the form,
 * e-mail or mobile (e-mail first), the default area, and the props AuthForm draws them from.
 */
export function useAccountForm(
  areas: AreaCode[],
  mobileMode: MobileFieldMode,
  purpose: AccountFieldsProps['purpose'],
): AccountForm {
  const [form] = Form.useForm();
  const [type, setType] = useState<IdentifierType>('email');
  const defaultArea = useDefaultArea(form, areas);
  return {
    form,
    type,
    defaultArea,
    identifier: (values: AccountValues) => identifierOf(type, values, mobileMode, defaultArea),
    formProps: { form, account: { type, areas, mobileMode, purpose, onTypeChange: setType } },
  };
}
