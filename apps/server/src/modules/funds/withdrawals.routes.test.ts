import type { SessionData } from '@meridian/contract/auth';
import type { WithdrawPage, WithdrawRecord } from '@meridian/contract/funds';
import type { DrawMethod } from '@meridian/contract/wallet';
import { asUserId } from '@meridian/domain/ids';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, login, PASSWORD, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  bindTron,
  booksOf,
  detail,
  drawCurrency,
  financeStaff,
  fund,
  fundsCounts,
  type StaffLogin,
  verifiedCustomer,
  withdraw,
} from '../../../test/funds';
import { staffSession } from '../../../test/staff';

const t = useTestApp();
let compliance: StaffLogin;
let finance: StaffLogin;
let customer: SessionData;
let method: DrawMethod;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance');
  finance = await financeStaff(t);
  customer = await verifiedCustomer(t, compliance, 'drawer');
  await fund(t, customer.token, finance, '1000');
  method = await bindTron(t, customer.token);
});

describe('a withdrawal request', () => {
  it('moves the number from the balance to the lock, with the fee and the receive amount of the domain', async () => {
    const answer = await withdraw(t, customer.token, method, '100.5', PASSWORD);
    expect(answer).toMatchObject({
      code: 1,
      data: {
        number: '100.50',
        fee: '1.00',
        real_number: '99.50',
        usd_price: '1',
        draw_currency: { id: method.draw_currency.id, code: 'USDT', protocol: 'TRC20' },
        status: 0,
        status_name: 'Under review',
        type: 1,
        address: method.dc_address,
        payee_account: '',
        memo: 'rent',
        notes: '',
        payout_reference: '',
      },
    });
    expect(await detail(t, customer.token)).toMatchObject({ balance: '899.5', lock_balance: '100.5' });
    const books = await booksOf(t, asUserId(customer.user.id));
    expect(Number(books.balance)).toBe(Number(books.balance_entries));
    expect(Number(books.lock)).toBe(Number(books.lock_entries));
    const list = await call<WithdrawPage>(
      t,
      'GET',
      '/api/account/draw_list',
      { type: 1, page: 1 },
      { token: customer.token },
    );
    expect(list.data).toMatchObject({ total: 1, page: 1 });
    expect(list.data.list[0]?.id).toBe(answer.data.id);
    expect(
      (await call<WithdrawPage>(t, 'GET', '/api/account/draw_list', { type: 2 }, { token: customer.token }))
        .data.total,
    ).toBe(0);
  });

  it('computes a bank withdrawal at the rate of its currency (fee a rate of the number)', async () => {
    const hkd = await drawCurrency(t, customer.token, 'HKD');
    const bank = await call<DrawMethod>(
      t,
      'POST',
      '/api/wallet/bind_draw_method',
      {
        type: 2,
        draw_id: hkd.id,
        bank_name: 'HSBC Hong Kong',
        bank_swift: 'HSBCHKHH',
        payee_name: 'Chan Tai Man',
        payee_account: '004-123456-001',
      },
      { token: customer.token },
    );
    const answer = await withdraw(t, customer.token, bank.data, '200', PASSWORD);
    // fee 200 x 0.001 = 0.2; (200 - 0.2) x 7.8 = 1558.44
    expect(answer).toMatchObject({
      code: 1,
      data: {
        fee: '0.20',
        real_number: '1558.44',
        type: 2,
        payee_account: '004-123456-001',
        bank_name: 'HSBC Hong Kong',
        address: '',
      },
    });
  });

  it('refuses bad numbers, more than the balance, and a fee that takes it all; writes nothing', async () => {
    const before = await fundsCounts(t);
    const balance = (await detail(t, customer.token)).balance;
    const cases: [string, string][] = [
      ['-10', 'The amount must be greater than 0.'],
      ['0', 'The amount must be greater than 0.'],
      ['10.001', 'The amount can have at most 2 decimal places.'],
      ['9.99', 'The amount must be at least 10.'],
      ['100000.01', 'The amount must be at most 100,000.'],
      [
        '5000', // Written as the app writes it: 1,234.56 in English.
        `The amount is more than your available balance (${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(balance))} USDT).`,
      ],
    ];
    for (const [number, msg] of cases)
      expect(await withdraw(t, customer.token, method, number, PASSWORD), number).toEqual({
        code: 0,
        msg,
        data: null,
      });
    expect(await fundsCounts(t)).toEqual(before);
    expect((await detail(t, customer.token)).balance).toBe(balance);
  });

  it("refuses another user's method, a method of another currency and an unknown currency", async () => {
    const other = await verifiedCustomer(t, compliance, 'other');
    const theirs = await bindTron(t, other.token);
    const erc20 = await drawCurrency(t, customer.token, 'USDT', 'ERC20');
    const before = await fundsCounts(t);
    expect(await withdraw(t, customer.token, theirs, '20', PASSWORD)).toEqual({
      code: 0,
      msg: 'This withdrawal account was not found. Please set up a collection account first.',
      data: null,
    });
    expect(
      await call(
        t,
        'POST',
        '/api/account/draw',
        { draw_currency_id: erc20.id, number: '50', password: PASSWORD, draw_method_id: method.id },
        { token: customer.token },
      ),
    ).toEqual({ code: 0, msg: 'This withdrawal account is not for the chosen currency.', data: null });
    expect(
      await call(
        t,
        'POST',
        '/api/account/draw',
        { draw_currency_id: 999999, number: '50', password: PASSWORD, draw_method_id: method.id },
        { token: customer.token },
      ),
    ).toEqual({ code: 0, msg: 'This withdrawal currency is not available.', data: null });
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('needs a verified identity and a real account', async () => {
    const unverified = await registerByEmail(t, freshEmail('unverified'));
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'draw-demo-device-1',
    });
    const before = await fundsCounts(t);
    expect(await withdraw(t, unverified.token, method, '20', PASSWORD)).toEqual({
      code: 0,
      msg: 'Please complete real-name verification before withdrawing.',
      data: null,
    });
    expect(await withdraw(t, demo.data.token, method, '20', PASSWORD)).toEqual({
      code: 0,
      msg: 'Only a real account can do this.',
      data: null,
    });
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('checks the login password; wrong ones count as failed logins and lock both after five', async () => {
    const careful = await verifiedCustomer(t, compliance, 'careful');
    await fund(t, careful.token, finance, '100');
    const own = await bindTron(t, careful.token);
    const before = await fundsCounts(t);
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect(await withdraw(t, careful.token, own, '20', 'Wrong-password-1')).toEqual({
        code: 0,
        msg: 'The password is incorrect.',
        data: null,
      });
    expect((await withdraw(t, careful.token, own, '20', PASSWORD)).msg).toMatch(/^Too many attempts/);
    expect((await login(t, careful.user.email)).msg).toMatch(/^Too many attempts/);
    expect(await fundsCounts(t)).toEqual(before);
    expect((await detail(t, careful.token)).balance).toBe('100');
  });

  it('refuses to delete a method while a withdrawal to it waits', async () => {
    expect(
      await call(t, 'POST', '/api/wallet/del_draw_method', { id: method.id }, { token: customer.token }),
    ).toEqual({
      code: 0,
      msg: 'A withdrawal to this account is waiting for review, so it cannot be deleted now.',
      data: null,
    });
  });
});

describe('withdrawals at once', () => {
  it('locks at most the balance when 20 withdrawals race over it', async () => {
    const racer = await verifiedCustomer(t, compliance, 'racer');
    await fund(t, racer.token, finance, '100');
    const own = await bindTron(t, racer.token);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => withdraw(t, racer.token, own, '30', PASSWORD)),
    );
    const accepted = answers.filter((answer) => answer.code === 1);
    // The pending limit is 10; the balance allows 3.
    expect(accepted).toHaveLength(3);
    for (const refused of answers.filter((answer) => answer.code !== 1))
      expect(refused.msg).toBe('The amount is more than your available balance (10.00 USDT).');
    expect(await detail(t, racer.token)).toMatchObject({ balance: '10', lock_balance: '90' });
    const books = await booksOf(t, asUserId(racer.user.id));
    expect(Number(books.balance_entries)).toBe(10);
    expect(Number(books.lock_entries)).toBe(90);
    const list = await call<WithdrawPage>(t, 'GET', '/api/account/draw_list', {}, { token: racer.token });
    expect(list.data.total).toBe(3);
    expect(list.data.list.every((record: WithdrawRecord) => record.status === 0)).toBe(true);
  });
});
