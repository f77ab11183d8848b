import { CodeSent, type SendSmsRequest } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type SendSmsCodeInput = Omit<SendSmsRequest, 't'>;

/** A 6-digit code by SMS; type 1 register, 2 reset. */
export function sendSmsCode(input: SendSmsCodeInput): Promise<CodeSent> {
  return api.post('/api/notify/send_sms', input, { schema: CodeSent, loading: true });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
