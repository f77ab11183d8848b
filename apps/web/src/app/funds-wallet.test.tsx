import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { drawCurrencyFixture, drawMethodFixture, TRC20_CUSTOMER_ADDRESS } from '../testing/funds-fixtures';
import {
  fieldError,
  fundsApi,
  installFundsPages,
  logInRealUser,
  postsTo,
  toastText,
  typeInto,
} from '../testing/funds-pages';
import { plain } from '../testing/plain-text';
import { currentPath, renderAppAt } from '../testing/render-app';

installFundsPages();

const BANK_METHOD = drawMethodFixture({
  id: 41,
  type: 2,
  dc_address: '',
  bank_name: 'Harbour Savings',
  bank_swift: 'HSBKHKHH',
  payee_name: 'Ana Lima',
  payee_account: 'DE89370400440532013000',
  draw_currency: { id: 3, code: 'HKD', protocol: '' },
});

function serveWallet() {
  const methods = { 1: [drawMethodFixture()], 2: [BANK_METHOD] } as Record<string, unknown[]>;
  fundsApi.answers['/api/wallet/get_draw_method'] = (url: URL) =>
    methods[url.searchParams.get('draw_type') ?? ''];
  fundsApi.answers['/api/account/draw_symbol_list'] = (url: URL) =>
    url.searchParams.get('type') === '2'
      ? [drawCurrencyFixture({ id: 3, type: 2, code: 'HKD', protocol: '' })]
      : [drawCurrencyFixture(), drawCurrencyFixture({ id: 2, protocol: 'ERC20' })];
  fundsApi.answers['/api/wallet/del_draw_method'] = {};
  fundsApi.answers['/api/wallet/bind_draw_method'] = drawMethodFixture({ id: 32 });
  return methods;
}

describe('wallet pages', () => {
  it('/mine/wallet leads to the coin addresses and the bank accounts, with how many are bound', async () => {
    logInRealUser();
    serveWallet();
    const router = renderAppAt('/mine/wallet');
    await waitFor(() => expect(plain(screen.getByTestId('coin-count').textContent)).toBe('1 added'));
    expect(plain(screen.getByTestId('bank-count').textContent)).toBe('1 added');
    fireEvent.click(screen.getByText('Bank accounts'));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/bank-card-list'));
    expect(await screen.findByText('DE89370400440532013000')).toBeTruthy();
    expect(screen.getByText('Harbour Savings')).toBeTruthy();
  });

  it('/mine/coin-address-list shows each address in full and deletes one after asking', async () => {
    logInRealUser();
    const methods = serveWallet();
    renderAppAt('/mine/coin-address-list');
    expect(await screen.findByText(TRC20_CUSTOMER_ADDRESS)).toBeTruthy();
    expect(screen.getByText('USDT · TRC20')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete USDT · TRC20' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this address? You can add it again later.')).toBeTruthy();
    methods[1] = [];
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(postsTo('/api/wallet/del_draw_method')).toEqual([{ id: '31' }]));
    expect(await screen.findByText('No coin address yet')).toBeTruthy();
    await waitFor(() => expect(toastText()).toBe('Deleted'));
  });

  it('keeps the address when the server refuses the deletion (a withdrawal waits on it)', async () => {
    logInRealUser();
    serveWallet();
    fundsApi.refusals['/api/wallet/del_draw_method'] = 'A withdrawal is waiting on this address.';
    renderAppAt('/mine/coin-address-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete USDT · TRC20' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(toastText()).toBe('A withdrawal is waiting on this address.'));
    expect(screen.getByText(TRC20_CUSTOMER_ADDRESS)).toBeTruthy();
  });

  it('/mine/withdraw-way?type=1 asks for the address (spec: enter withdrawal address), binds it and goes back', async () => {
    logInRealUser();
    serveWallet();
    const router = renderAppAt('/mine/coin-address-list');
    fireEvent.click(await screen.findByRole('button', { name: 'Add coin address' }));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/withdraw-way?type=1'));
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(fieldError('dc_address')).toBe('Please enter the withdrawal address'));
    expect(postsTo('/api/wallet/bind_draw_method')).toHaveLength(0);
    fireEvent.click(screen.getByText('USDT · ERC20'));
    typeInto('dc_address', ` ${TRC20_CUSTOMER_ADDRESS} `);
    fireEvent.click(save);
    await waitFor(() => expect(postsTo('/api/wallet/bind_draw_method')).toHaveLength(1));
    expect(postsTo('/api/wallet/bind_draw_method')[0]).toEqual({
      type: '1',
      draw_id: '2',
      dc_address: TRC20_CUSTOMER_ADDRESS,
    });
    await waitFor(() => expect(currentPath(router)).toBe('/mine/coin-address-list'));
  });

  it('/mine/withdraw-way?type=2 needs the bank, holder and account, and sends the SWIFT code tidied', async () => {
    logInRealUser();
    serveWallet();
    renderAppAt('/mine/withdraw-way?type=2');
    const save = await screen.findByRole('button', { name: 'Save' });
    fireEvent.click(save);
    await waitFor(() => expect(fieldError('bank_name')).toBe('Please enter the bank name'));
    expect(fieldError('payee_name')).toBe("Please enter the account holder's name");
    expect(fieldError('payee_account')).toBe('Please enter the account number');
    expect(fieldError('bank_swift')).toBe('');
    typeInto('bank_name', 'Harbour Savings');
    typeInto('bank_swift', 'hsbk hk hh');
    typeInto('payee_name', 'Ana Lima');
    typeInto('payee_account', 'DE89370400440532013000');
    fireEvent.click(save);
    await waitFor(() => expect(postsTo('/api/wallet/bind_draw_method')).toHaveLength(1));
    expect(postsTo('/api/wallet/bind_draw_method')[0]).toEqual({
      type: '2',
      draw_id: '3',
      bank_name: 'Harbour Savings',
      bank_address: '',
      bank_swift: 'HSBKHKHH',
      payee_name: 'Ana Lima',
      payee_account: 'DE89370400440532013000',
    });
  });
});
