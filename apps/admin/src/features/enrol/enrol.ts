import { useMutation, useQuery } from '@tanstack/react-query';
import { adminApi } from '../../lib/api-client';

/** GET /admin/api/enrolment: whose link it is, and the otpauth:// URI for the QR code. */
export function useEnrolment(token: string) {
  return useQuery({
    queryKey: ['enrolment', token],
    queryFn: () =>
      adminApi<{ email: string; otpauth_uri: string; secret: string; needs_password: boolean }>(
        'GET',
        '/enrolment',
        { token },
      ),
    enabled: token !== '',
  });
}

/** POST /admin/api/enrol: the password and a first code; answers the recovery codes, once. */
export function useConfirmEnrolment() {
  return useMutation({
    mutationFn: (fields: { token: string; password: string; code: string }) =>
      adminApi<{ recovery_codes: string[] }>('POST', '/enrol', fields),
  });
}
