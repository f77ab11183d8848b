import { CodeSent, type SendEmailRequest } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SendEmailCodeInput = Omit<SendEmailRequest, 't'>;

/** A 6-digit code by e-mail; type 1 register, 2 reset, 3 change password. */
export function sendEmailCode(input: SendEmailCodeInput): Promise<CodeSent> {
  return api.post('/api/notify/send_email', input, { schema: CodeSent, loading: true });
}

export function useSendEmailCode() {
  return useMutation({ mutationFn: sendEmailCode });
}
