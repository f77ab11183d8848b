import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInDemoUser } from '../testing/demo-session';
import {
  accountDetailFixture,
  drawCurrencyFixture,
  drawMethodFixture,
  realNameCenterFixture,
  withdrawRecordFixture,
} from '../testing/funds-fixtures';
import {
  callsTo,
  expectAmountMessages,
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

const USDT_TRC20 = drawCurrencyFixture();
const USDT_ERC20 = drawCurrencyFixture({ id: 2, protocol: 'ERC20', fee_type: 2, draw_rate: '0.005' });
const HKD = drawCurrencyFixture({
  id: 3,
  type: 2,
  code: 'HKD',
  protocol: '',
  fee_type: 2,
  draw_rate: '0.01',
  usd_price: '7.8',
  min: '50',
});

function serveWithdrawals(reviewStatus: 0 | 1 | 2 = 2) {
  fundsApi.answers['/api/account/draw_symbol_list'] = (url: URL) =>
    url.searchParams.get('type') === '2' ? [HKD] : [USDT_TRC20, USDT_ERC20];
  fundsApi.answers['/api/wallet/get_draw_method'] = (url: URL) =>
    url.searchParams.get('draw_type') === '2' ? [] : [drawMethodFixture()];
  fundsApi.answers['/v1/api/main/account/forexDetail'] = accountDetailFixture('1250.505');
  fundsApi.answers['/api/user_real/center'] = realNameCenterFixture(reviewStatus);
  fundsApi.answers['/api/account/draw'] = withdrawRecordFixture();
  fundsApi.answers['/api/account/draw_list'] = {
    list: [withdrawRecordFixture()],
    total: 1,
    page: 1,
    limit: 10,
  };
}

const figure = (id: string) => plain(screen.getByTestId(id).textContent);
const chip = (label: string) => {
  const found = [...document.querySelectorAll('[data-field="draw-currency"] .adm-selector-item')].find(
    (item) => plain(item.textContent) === label,
  );
  if (!found) throw new Error(`no ${label} chip`);
  return found as HTMLElement;
};
const withdrawButton = () => screen.getByRole('button', { name: 'Withdraw' });

async function openForm(path = '/mine/withdraw') {
  const router = renderAppAt(path);
  await screen.findByTestId('withdraw-figures');
  return router;
}

describe('withdrawal page /mine/withdraw', () => {
  it('tells a demo customer only a real account may withdraw', async () => {
    logInDemoUser(1);
    renderAppAt('/mine/withdraw');
    expect(await screen.findByText('Only a real account can do this')).toBeTruthy();
    expect(callsTo('/api/account/draw_symbol_list')).toHaveLength(0);
  });

  it('shows the fee and the expected amount received as the customer types, by the domain rule', async () => {
    logInRealUser();
    serveWithdrawals();
    await openForm();
    expect(figure('withdraw-receive')).toBe('--');
    typeInto('amount', '100');
    await waitFor(() => expect(figure('withdraw-receive')).toBe('99.00 USDT'));
    expect(figure('withdraw-fee')).toBe('1.00 USDT');
    typeInto('amount', '0.5');
    // The fixed fee takes it all: floored at 0 (spec section 9).
    await waitFor(() => expect(figure('withdraw-receive')).toBe('0.00 USDT'));

    fireEvent.click(chip('USDT · ERC20'));
    typeInto('amount', '100.55');
    // 100.55 x 0.005 = 0.50275 fee; (100.55 - 0.50275) x 1 = 100.04725, 2 places rounded down.
    await waitFor(() => expect(figure('withdraw-receive')).toBe('100.04 USDT'));
    expect(figure('withdraw-fee')).toBe('0.50275 USDT');
  });

  it('converts at the currency price for a bank withdrawal and shows the rate', async () => {
    logInRealUser();
    serveWithdrawals();
    await openForm('/mine/withdraw?type=2');
    expect(await screen.findByText('1 USDT = 7.8 HKD')).toBeTruthy();
    typeInto('amount', '100');
    // Fee 1 USDT (1%); (100 - 1) x 7.8 = 772.20 HKD.
    await waitFor(() => expect(figure('withdraw-receive')).toBe('772.20 HKD'));
  });

  it('checks amount and password before sending, with the client messages', async () => {
    logInRealUser();
    serveWithdrawals();
    await openForm();
    fireEvent.click(withdrawButton());
    await waitFor(() => expect(fieldError('amount')).toBe('Please enter the withdrawal amount'));
    expect(fieldError('password')).toBe('Please enter your login password');
    await expectAmountMessages([
      ['5', 'The minimum is 10'],
      ['10.123', 'At most 2 decimal places'],
      ['1250.51', 'This is more than your available balance'],
    ]);
    expect(postsTo('/api/account/draw')).toHaveLength(0);
  });

  it('offers the whole available balance, cut to cents', async () => {
    logInRealUser();
    serveWithdrawals();
    await openForm();
    expect(plain(await screen.findByTestId('withdraw-available').then((node) => node.textContent))).toBe(
      'Available 1,250.50 USDT',
    );
    fireEvent.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(() => expect(figure('withdraw-receive')).toBe('1,249.50 USDT'));
  });

  it('with no bound address asks to set up a collection account first and goes to bind one', async () => {
    logInRealUser();
    serveWithdrawals();
    const router = await openForm();
    fireEvent.click(chip('USDT · ERC20'));
    expect(await screen.findByText('No address added for this currency')).toBeTruthy();
    typeInto('amount', '100');
    typeInto('password', 'secret12');
    fireEvent.click(withdrawButton());
    expect(await screen.findByText('Set up a collection account first')).toBeTruthy();
    // The dialog is the one message: no field is flagged besides.
    expect(fieldError('amount')).toBe('');
    expect(fieldError('method')).toBe('');
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Go bind' }));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/withdraw-way?type=1&draw_id=2'));
    expect(postsTo('/api/account/draw')).toHaveLength(0);
  });

  it('sends currency, amount, memo, password and the chosen address, then opens the records', async () => {
    logInRealUser();
    serveWithdrawals();
    const router = await openForm();
    const method = document.querySelector('.method-option[data-method-id="31"]');
    expect(method?.querySelector('input')?.checked).toBe(true);
    expect(plain(method?.textContent)).toBe('TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9');
    typeInto('amount', '100');
    typeInto('memo', 'rent');
    typeInto('password', 'secret12');
    fireEvent.click(withdrawButton());
    await waitFor(() => expect(postsTo('/api/account/draw')).toHaveLength(1));
    expect(postsTo('/api/account/draw')[0]).toEqual({
      draw_currency_id: '1',
      number: '100',
      memo: 'rent',
      password: 'secret12',
      draw_method_id: '31',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/mine/records?tab=withdrawals'));
    await waitFor(() =>
      expect(toastText()).toBe('Withdrawal requested. The amount is held until it has been paid.'),
    );
  });

  it('keeps the form when the server refuses (a wrong password) and shows its message', async () => {
    logInRealUser();
    serveWithdrawals();
    fundsApi.refusals['/api/account/draw'] = 'The password is wrong.';
    const router = await openForm();
    typeInto('amount', '100');
    typeInto('password', 'wrong-one1');
    fireEvent.click(withdrawButton());
    await waitFor(() => expect(postsTo('/api/account/draw')).toHaveLength(1));
    await waitFor(() => expect(toastText()).toBe('The password is wrong.'));
    expect(currentPath(router)).toBe('/mine/withdraw');
    expect(figure('withdraw-receive')).toBe('99.00 USDT');
  });

  it('says withdrawals need a verified identity and leads to the verification', async () => {
    logInRealUser();
    serveWithdrawals(0);
    const router = await openForm();
    expect(await screen.findByText('Withdrawals need a verified identity.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Verify now' }));
    await waitFor(() => expect(currentPath(router)).toBe('/mine/auth'));
  });
});
