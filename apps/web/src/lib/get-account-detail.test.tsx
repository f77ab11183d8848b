import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { installFakeApi } from '../testing/fake-api';
import { ACCOUNT_DETAIL_KEY, useAccountDetail } from './get-account-detail';

const PATH = '/v1/api/main/account/forexDetail';
const DETAIL = {
  balance: '99000',
  lock_balance: '0',
  margin: '0',
  pending_margin: '0',
  floating_profit: '0',
  net_value: '99000',
  risk_rate: null,
  stop_out_level: '50',
  currency: 'USDT',
  is_demo: 1,
};

let fakeApi: ReturnType<typeof installFakeApi> | undefined;
afterEach(() => fakeApi?.restore());

function wrapperOf(queryClient: QueryClient) {
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
}

describe('useAccountDetail', () => {
  it('shares one request between the trade page and the personal center', async () => {
    fakeApi = installFakeApi({ [PATH]: DETAIL });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = wrapperOf(queryClient);
    const trade = renderHook(() => useAccountDetail({ staleTimeMs: 5_000 }), { wrapper });
    const center = renderHook(() => useAccountDetail({ staleTimeMs: 5_000 }), { wrapper });
    await waitFor(() => expect(trade.result.current.data?.balance).toBe('99000'));
    expect(center.result.current.data?.balance).toBe('99000');
    expect(fakeApi.callsTo(PATH)).toHaveLength(1);
  });

  it('asks again when the shared entry is invalidated', async () => {
    fakeApi = installFakeApi({ [PATH]: DETAIL });
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { result } = renderHook(() => useAccountDetail({ staleTimeMs: 5_000 }), {
      wrapper: wrapperOf(queryClient),
    });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await queryClient.invalidateQueries({ queryKey: ['trading'] });
    expect(fakeApi.callsTo(PATH)).toHaveLength(2);
    expect(queryClient.getQueryData(ACCOUNT_DETAIL_KEY)).toEqual(
      expect.objectContaining({ balance: '99000' }),
    );
  });
});
