import { Alert, Button } from 'antd';
import type { ReactNode } from 'react';

/** A sign-in form's last row: why the last try failed (the server's message), then its submit button. */
export function FormSubmit({
  error,
  loading,
  children,
}: {
  error: Error | null;
  loading: boolean;
  children: ReactNode;
}) {
  return (
    <>
      {error && <Alert type="error" showIcon message={error.message} style={{ marginBottom: 16 }} />}
      <Button type="primary" htmlType="submit" block loading={loading}>
        {children}
      </Button>
    </>
  );
}
