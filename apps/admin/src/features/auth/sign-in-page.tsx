import { Button, Card, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../components/form-submit';
import { LanguageSwitch } from '../../components/language-switch';
import { useSignIn } from './sign-in';
import { type SignInFields, signInRequest } from './sign-in-fields';

/** Staff sign-in: e-mail, password, and the authenticator's code (or a recovery code). */
export function SignInPage() {
  const { t } = useTranslation();
  const signIn = useSignIn();
  const [useRecovery, setUseRecovery] = useState(false);
  const required = [{ required: true, message: t('signIn.required') }];
  const submit = (values: SignInFields) => signIn.mutate(signInRequest(values, useRecovery));
  return (
    <div className="page-center">
      <Card title={t('signIn.title')} extra={<LanguageSwitch />} style={{ width: 420 }}>
        <Form<SignInFields> layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="email" label={t('signIn.email')} rules={required}>
            <Input autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('signIn.password')} rules={required}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          {useRecovery ? (
            <Form.Item name="recovery_code" label={t('signIn.recoveryCode')} rules={required}>
              <Input autoComplete="off" />
            </Form.Item>
          ) : (
            <Form.Item name="code" label={t('signIn.code')} extra={t('signIn.codeHint')} rules={required}>
              <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
            </Form.Item>
          )}
          <FormSubmit error={signIn.error} loading={signIn.isPending}>
            {t('signIn.submit')}
          </FormSubmit>
          <Button type="link" block onClick={() => setUseRecovery(!useRecovery)}>
            {useRecovery ? t('signIn.useCode') : t('signIn.useRecoveryCode')}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
