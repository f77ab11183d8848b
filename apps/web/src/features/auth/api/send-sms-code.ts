import type { SendSmsRequest } from '@meridian/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client';

export type SendSmsCodeInput = Omit<z.infer<typeof SendSmsRequest>, 't'>;

/** A 6-digit code by SMS; type 1 register, 2 reset. */
export function sendSmsCode(input: SendSmsCodeInput): Promise<unknown> {
  return api.post('/api/notify/send_sms', input, { loading: true });
}

export function useSendSmsCode() {
  return useMutation({ mutationFn: sendSmsCode });
}
