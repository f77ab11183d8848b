import { LIMITS } from '@meridian/contract/limits';
import { Alert, Button, Card, Form, Input, List, Spin, Typography } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import { FormSubmit } from '../../components/form-submit';
import { LanguageSwitch } from '../../components/language-switch';
import { useConfirmEnrolment, useEnrolment } from './enrol';

/** The enrolment link's page: the QR code, a first code to confirm, then the recovery codes once. */
export function EnrolPage() {
  const { t } = useTranslation();
  const token = new URLSearchParams(window.location.search).get('token') ?? '';
  const enrolment = useEnrolment(token);
  const confirm = useConfirmEnrolment();
  const required = [{ required: true, message: t('signIn.required') }];
  let body: React.ReactNode;
  if (token === '') body = <Alert type="warning" message={t('enrol.noToken')} />;
  else if (enrolment.isPending) body = <Spin />;
  else if (enrolment.error) body = <Alert type="error" showIcon message={enrolment.error.message} />;
  else if (confirm.data) {
    body = (
      <>
        <Typography.Title level={4}>{t('enrol.doneTitle')}</Typography.Title>
        <Typography.Paragraph>{t('enrol.doneText')}</Typography.Paragraph>
        <List
          className="recovery-codes"
          bordered
          dataSource={confirm.data.recovery_codes}
          renderItem={(code) => (
            <List.Item>
              <Typography.Text code copyable>
                {code}
              </Typography.Text>
            </List.Item>
          )}
        />
        <Button type="primary" href="/admin/" style={{ marginTop: 16 }}>
          {t('enrol.toSignIn')}
        </Button>
      </>
    );
  } else {
    const { email, otpauth_uri, secret, needs_password } = enrolment.data;
    body = (
      <>
        <Typography.Paragraph>{t('enrol.scan', { email })}</Typography.Paragraph>
        <div className="enrol-qr">
          <QRCodeSVG value={otpauth_uri} size={220} marginSize={4} />
        </div>
        <Typography.Paragraph>
          {t('enrol.secret')}:{' '}
          <Typography.Text code copyable className="enrol-secret">
            {secret}
          </Typography.Text>
        </Typography.Paragraph>
        <Form<{ password: string; repeat?: string; code: string }>
          layout="vertical"
          requiredMark={false}
          onFinish={({ password, code }) => confirm.mutate({ token, password, code })}
        >
          {needs_password ? (
            <>
              <Form.Item
                name="password"
                label={t('enrol.choosePassword')}
                extra={t('enrol.passwordRule', { min: LIMITS.staffPasswordLengthMin })}
                rules={[
                  ...required,
                  {
                    min: LIMITS.staffPasswordLengthMin,
                    message: t('enrol.passwordRule', { min: LIMITS.staffPasswordLengthMin }),
                  },
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordLengthMax} />
              </Form.Item>
              <Form.Item
                name="repeat"
                label={t('enrol.repeatPassword')}
                dependencies={['password']}
                rules={[
                  ...required,
                  ({ getFieldValue }) => ({
                    validator: (_rule, value) =>
                      value === getFieldValue('password')
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('enrol.passwordsDiffer'))),
                  }),
                ]}
              >
                <Input.Password autoComplete="new-password" maxLength={LIMITS.passwordLengthMax} />
              </Form.Item>
            </>
          ) : (
            <Form.Item name="password" label={t('enrol.password')} rules={required}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
          )}
          <Form.Item name="code" label={t('enrol.code')} rules={required}>
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} />
          </Form.Item>
          <FormSubmit error={confirm.error} loading={confirm.isPending}>
            {t('enrol.submit')}
          </FormSubmit>
        </Form>
      </>
    );
  }
  return (
    <div className="page-center">
      <Card title={t('enrol.title')} extra={<LanguageSwitch />} style={{ width: 480 }}>
        {body}
      </Card>
    </div>
  );
}
