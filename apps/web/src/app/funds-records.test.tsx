import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { depositRecordFixture, withdrawRecordFixture } from '../testing/funds-fixtures';
import {
  callsTo,
  fundsApi,
  fundsSockets,
  installFundsPages,
  logInRealUser,
  toastText,
} from '../testing/funds-pages';
import { openSocket } from '../testing/open-socket';
import { plain } from '../testing/plain-text';
import { currentPath, renderAppAt } from '../testing/render-app';

installFundsPages();

const PENDING_DEPOSIT = depositRecordFixture();
const REJECTED_DEPOSIT = depositRecordFixture({
  id: 10,
  type: 1,
  number: '2000',
  currency_code: 'USD',
  protocol_code: '',
  address: '012-345678-901',
  bank_name: 'First Harbour Bank',
  status: 2,
  status_name: 'Rejected',
  remark: 'The proof does not show the amount.',
});
const PAID_WITHDRAWAL = withdrawRecordFixture({
  id: 20,
  status: 1,
  status_name: 'Finished',
  payout_reference: '7f3a9c0e5b2d4f6a8c1e3b5d7f9a0c2e4b6d8f0a1c3e5b7d9f1a3c5e7b9d0f2a',
});

function serveRecords() {
  fundsApi.answers['/api/quickCharge/quick_ist'] = {
    list: [PENDING_DEPOSIT, REJECTED_DEPOSIT],
    total: 2,
    page: 1,
    limit: 10,
  };
  fundsApi.answers['/api/account/draw_list'] = { list: [PAID_WITHDRAWAL], total: 1, page: 1, limit: 10 };
}

const row = (id: number) => document.querySelector<HTMLElement>(`.record-row[data-record-id="${id}"]`);
const chipOf = (id: number) => plain(row(id)?.querySelector('.status-chip')?.textContent);

describe('records /mine/records', () => {
  it('lists the deposits with their state as a chip and a rejection with its reason', async () => {
    logInRealUser();
    serveRecords();
    renderAppAt('/mine/records');
    await waitFor(() => expect(row(11)).not.toBeNull());
    expect(chipOf(11)).toBe('Under review');
    expect(plain(row(11)?.querySelector('.record-amount')?.textContent)).toBe('500 USDT');
    expect(chipOf(10)).toBe('Rejected');
    expect(plain(row(10)?.querySelector('[data-testid=record-remark]')?.textContent)).toBe(
      'Reason: The proof does not show the amount.',
    );
    expect(plain(row(10)?.textContent)).toContain('Bank transfer · First Harbour Bank');
    expect(row(11)?.querySelector('[data-testid=record-remark]')).toBeNull();
  });

  it('switches to the withdrawals in the address, with the fee, the amount paid and the reference', async () => {
    logInRealUser();
    serveRecords();
    const router = renderAppAt('/mine/records?tab=deposits');
    await waitFor(() => expect(row(11)).not.toBeNull());
    fireEvent.click(screen.getByText('Withdrawals'));
    await waitFor(() => expect(row(20)).not.toBeNull());
    expect(currentPath(router)).toBe('/mine/records?tab=withdrawals');
    expect(chipOf(20)).toBe('Completed');
    const text = plain(row(20)?.textContent);
    expect(text).toContain('Paid out99.00 USDT · TRC20');
    expect(text).toContain('Fee1 USDT');
    expect(text).toContain('Reference7f3a9c0e5b…5e7b9d0f2a');
  });

  it('updates a record in place from the funds.record push and tells the customer', async () => {
    logInRealUser();
    serveRecords();
    renderAppAt('/mine/records');
    await waitFor(() => expect(chipOf(11)).toBe('Under review'));
    const listCalls = callsTo('/api/quickCharge/quick_ist').length;
    const socket = openSocket(fundsSockets);
    act(() =>
      socket.serverSends({
        type: 'push',
        topic: 'funds.record',
        data: {
          kind: 'deposit',
          outcome: 'approved',
          record: { ...PENDING_DEPOSIT, status: 1, status_name: 'Finished', amount: '500', reviewed_time: 9 },
          balance: '500',
          lock_balance: '0',
        },
      }),
    );
    await waitFor(() => expect(chipOf(11)).toBe('Completed'));
    expect(plain(row(11)?.textContent)).toContain('Credited500.00 USDT');
    // In place: the list itself was not read again.
    expect(callsTo('/api/quickCharge/quick_ist')).toHaveLength(listCalls);
    await waitFor(() => expect(toastText()).toBe('Your deposit of 500 USDT has been credited: 500.00 USDT.'));
  });

  it('reads the list again for a pushed record it has not loaded, and ignores a push off the contract', async () => {
    logInRealUser();
    serveRecords();
    renderAppAt('/mine/records?tab=withdrawals');
    await waitFor(() => expect(row(20)).not.toBeNull());
    const socket = openSocket(fundsSockets);
    const before = callsTo('/api/account/draw_list').length;
    const rejected = withdrawRecordFixture({
      id: 22,
      status: 2,
      status_name: 'Rejected',
      notes: 'Address on a sanctions list.',
    });
    fundsApi.answers['/api/account/draw_list'] = {
      list: [rejected, PAID_WITHDRAWAL],
      total: 2,
      page: 1,
      limit: 10,
    };
    const contractErrors = vi.spyOn(console, 'error').mockImplementation(() => {});
    act(() =>
      socket.serverSends({ type: 'push', topic: 'funds.record', data: { kind: 'withdrawal', nonsense: 1 } }),
    );
    // Checked once its schema has loaded (lazily, off the first screen's path).
    await waitFor(() => expect(contractErrors).toHaveBeenCalledTimes(1));
    contractErrors.mockRestore();
    act(() =>
      socket.serverSends({
        type: 'push',
        topic: 'funds.record',
        data: {
          kind: 'withdrawal',
          outcome: 'rejected',
          record: rejected,
          balance: '100',
          lock_balance: '0',
        },
      }),
    );
    await waitFor(() => expect(callsTo('/api/account/draw_list').length).toBeGreaterThan(before));
    await waitFor(() => expect(chipOf(22)).toBe('Rejected'));
    expect(plain(row(22)?.querySelector('[data-testid=record-remark]')?.textContent)).toBe(
      'Reason: Address on a sanctions list.',
    );
    await waitFor(() =>
      expect(toastText()).toBe(
        'Your withdrawal of 100.00 USDT was rejected. The amount is back in your balance.',
      ),
    );
  });

  it('shows an empty list as such', async () => {
    logInRealUser();
    serveRecords();
    fundsApi.answers['/api/quickCharge/quick_ist'] = { list: [], total: 0, page: 1, limit: 10 };
    renderAppAt('/mine/records');
    expect(await screen.findByText('No deposits yet')).toBeTruthy();
  });
});
