import type { SessionData } from '@meridian/contract/auth';
import type { DrawCurrency } from '@meridian/contract/funds';
import type { DrawMethod } from '@meridian/contract/wallet';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  drawCurrency,
  ethereumAddress,
  fundsCounts,
  tronAddress,
  withOneLetterFlipped,
} from '../../../test/funds';

const t = useTestApp();
let customer: SessionData;
let trc20: DrawCurrency;
let erc20: DrawCurrency;
let eur: DrawCurrency;

beforeAll(async () => {
  customer = await registerByEmail(t, freshEmail('wallet'));
  trc20 = await drawCurrency(t, customer.token, 'USDT', 'TRC20');
  erc20 = await drawCurrency(t, customer.token, 'USDT', 'ERC20');
  eur = await drawCurrency(t, customer.token, 'EUR');
});

const bind = (token: string, fields: Record<string, unknown>) =>
  call<DrawMethod>(t, 'POST', '/api/wallet/bind_draw_method', fields, { token });
const methods = (token: string, query: Record<string, unknown> = {}) =>
  call<DrawMethod[]>(t, 'GET', '/api/wallet/get_draw_method', query, { token });

describe('withdraw currencies (draw_symbol_list)', () => {
  it('lists coin (type 1) and bank (type 2) currencies with the spec fields and bounds', async () => {
    const coins = await call<DrawCurrency[]>(
      t,
      'GET',
      '/api/account/draw_symbol_list',
      { type: 1 },
      { token: customer.token },
    );
    expect(coins.data.map((one) => `${one.code} ${one.protocol}`)).toEqual(['USDT TRC20', 'USDT ERC20']);
    expect(coins.data[0]).toEqual({
      id: trc20.id,
      type: 1,
      code: 'USDT',
      protocol: 'TRC20',
      draw_rate: '1',
      fee_type: 1,
      usd_price: '1',
      min: '10',
      max: '100000',
    });
    const banks = await call<DrawCurrency[]>(
      t,
      'GET',
      '/api/account/draw_symbol_list',
      { type: 2 },
      { token: customer.token },
    );
    expect(banks.data.map((one) => one.code)).toEqual(['USD', 'EUR', 'GBP', 'HKD', 'JPY']);
    expect(banks.data.every((one) => one.type === 2 && one.fee_type !== 1)).toBe(true);
    expect(
      (await call(t, 'GET', '/api/account/draw_symbol_list', { type: 3 }, { token: customer.token })).msg,
    ).toBe('Unknown type: use 1 (coin) or 2 (bank).');
  });
});

describe('binding a coin address', () => {
  it('binds a valid TRC20 address and an EIP-55 ERC20 address, listed newest first', async () => {
    // A customer of its own: the file's customer holds whatever the other tests bound before it.
    const owner = await registerByEmail(t, freshEmail('wallet-bind'));
    const tron = tronAddress();
    const first = await bind(owner.token, { type: 1, draw_id: trc20.id, dc_address: ` ${tron} ` });
    expect(first).toMatchObject({
      code: 1,
      data: {
        type: 1,
        dc_address: tron,
        bank_name: '',
        payee_account: '',
        draw_currency: { id: trc20.id, code: 'USDT', protocol: 'TRC20' },
      },
    });
    const eth = ethereumAddress();
    const second = await bind(owner.token, { type: 1, draw_id: erc20.id, dc_address: eth });
    expect(second.code).toBe(1);
    const all = await methods(owner.token);
    expect(all.data.map((one) => one.id)).toEqual([second.data.id, first.data.id]);
    expect((await methods(owner.token, { draw_id: trc20.id })).data.map((one) => one.id)).toEqual([
      first.data.id,
    ]);
    expect((await methods(owner.token, { draw_type: 2 })).data).toEqual([]);
  });

  it('refuses an address that is not valid on the network, a wrong checksum, and an empty one; writes nothing', async () => {
    const before = await fundsCounts(t);
    const eth = ethereumAddress();
    const tron = tronAddress();
    // Its last character changed (to another one: a random address may already end in '1'), so its checksum fails.
    const tronWrongChecksum = `${tron.slice(0, -1)}${tron.endsWith('1') ? '2' : '1'}`;
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 1, draw_id: trc20.id, dc_address: eth }, 'Please enter a valid TRC20 address.'],
      [{ type: 1, draw_id: trc20.id, dc_address: tronWrongChecksum }, 'Please enter a valid TRC20 address.'],
      [{ type: 1, draw_id: erc20.id, dc_address: tronAddress() }, 'Please enter a valid ERC20 address.'],
      [{ type: 1, draw_id: trc20.id, dc_address: '' }, 'Please enter the withdrawal address.'],
      [{ type: 1, draw_id: trc20.id }, 'Please enter the withdrawal address.'],
      [
        { type: 2, draw_id: trc20.id, dc_address: tronAddress() },
        'This account type does not match the currency.',
      ],
      [{ type: 1, draw_id: 999999, dc_address: tronAddress() }, 'This withdrawal currency is not available.'],
    ];
    cases.push([
      { type: 1, draw_id: erc20.id, dc_address: withOneLetterFlipped(eth) },
      'Please enter a valid ERC20 address.',
    ]);
    for (const [fields, msg] of cases)
      expect(await bind(customer.token, fields), JSON.stringify(fields)).toEqual({
        code: 0,
        msg,
        data: null,
      });
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('refuses the same address twice for one currency', async () => {
    const address = tronAddress();
    expect((await bind(customer.token, { type: 1, draw_id: trc20.id, dc_address: address })).code).toBe(1);
    expect(await bind(customer.token, { type: 1, draw_id: trc20.id, dc_address: address })).toEqual({
      code: 0,
      msg: 'This address or account is already bound for this currency.',
      data: null,
    });
  });
});

describe('binding a bank account', () => {
  it('binds an account with a SWIFT/BIC and an IBAN, both stored in their standard form', async () => {
    const answer = await bind(customer.token, {
      type: 2,
      draw_id: eur.id,
      bank_name: 'Deutsche Bank',
      bank_address: 'Frankfurt am Main',
      bank_swift: 'deut de ff',
      payee_name: 'Chan Tai Man',
      payee_account: 'DE89 3704 0044 0532 0130 00',
    });
    expect(answer).toMatchObject({
      code: 1,
      data: {
        type: 2,
        dc_address: '',
        bank_swift: 'DEUTDEFF',
        payee_account: 'DE89370400440532013000',
        bank_name: 'Deutsche Bank',
      },
    });
    const local = await bind(customer.token, {
      type: 2,
      draw_id: eur.id,
      bank_name: 'HSBC',
      payee_name: 'Chan Tai Man',
      payee_account: '123-456789-001',
    });
    expect(local).toMatchObject({ code: 1, data: { bank_swift: '', payee_account: '123-456789-001' } });
  });

  it('names the missing field, and refuses a malformed BIC or an IBAN that fails its checksum', async () => {
    const base = {
      type: 2,
      draw_id: eur.id,
      bank_name: 'Bank',
      payee_name: 'Payee',
      payee_account: '12345678',
    };
    const before = await fundsCounts(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, bank_name: '' }, 'Please enter the bank name.'],
      [{ ...base, payee_name: ' ' }, "Please enter the payee's name."],
      [{ ...base, payee_account: '' }, "Please enter the payee's account number."],
      [
        { ...base, bank_swift: 'DEUT1EFF' },
        'Please enter a valid SWIFT/BIC code (8 or 11 letters and digits).',
      ],
      [{ ...base, payee_account: 'DE89370400440532013001' }, 'This IBAN is not valid. Please check it.'],
    ];
    for (const [fields, msg] of cases)
      expect(await bind(customer.token, fields), msg).toEqual({ code: 0, msg, data: null });
    expect(await fundsCounts(t)).toEqual(before);
  });
});

describe('the limits and owners of methods', () => {
  it('keeps at most 20 methods per customer', async () => {
    const many = await registerByEmail(t, freshEmail('many'));
    for (let index = 0; index < 20; index += 1)
      expect((await bind(many.token, { type: 1, draw_id: trc20.id, dc_address: tronAddress() })).code).toBe(
        1,
      );
    expect(await bind(many.token, { type: 1, draw_id: trc20.id, dc_address: tronAddress() })).toEqual({
      code: 0,
      msg: 'You can bind at most 20 withdrawal accounts. Please delete one first.',
      data: null,
    });
  });

  it("lists and deletes only the customer's own methods; another's is not found and stays", async () => {
    const owner = await registerByEmail(t, freshEmail('owner'));
    const other = await registerByEmail(t, freshEmail('other'));
    const method = (await bind(owner.token, { type: 1, draw_id: trc20.id, dc_address: tronAddress() })).data;
    expect((await methods(other.token)).data).toEqual([]);
    const before = await fundsCounts(t);
    expect(
      await call(t, 'POST', '/api/wallet/del_draw_method', { id: method.id }, { token: other.token }),
    ).toEqual({
      code: 0,
      msg: 'This withdrawal account was not found. Please set up a collection account first.',
      data: null,
    });
    expect(await fundsCounts(t)).toEqual(before);
    expect(
      await call(t, 'POST', '/api/wallet/del_draw_method', { id: method.id }, { token: owner.token }),
    ).toEqual({
      code: 1,
      msg: 'Success',
      data: {},
    });
    expect((await methods(owner.token)).data).toEqual([]);
    // Deleted: not found again, and the same address may be bound anew.
    expect(
      (await call(t, 'POST', '/api/wallet/del_draw_method', { id: method.id }, { token: owner.token })).code,
    ).toBe(0);
    expect(
      (await bind(owner.token, { type: 1, draw_id: trc20.id, dc_address: method.dc_address })).code,
    ).toBe(1);
  });

  it('refuses a demo account', async () => {
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'wallet-demo-device-1',
    });
    expect(await bind(demo.data.token, { type: 1, draw_id: trc20.id, dc_address: tronAddress() })).toEqual({
      code: 0,
      msg: 'Only a real account can do this.',
      data: null,
    });
  });
});
