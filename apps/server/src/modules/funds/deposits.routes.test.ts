import type { SessionData } from '@meridian/contract/auth';
import type {
  BankCurrency,
  CoinChannel,
  DepositPage,
  DepositRecord,
  WireInfo,
} from '@meridian/contract/funds';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, freshEmail, registerByEmail } from '../../../test/accounts';
import { useTestApp } from '../../../test/app-hooks';
import {
  coinChannel,
  fundsCounts,
  proofImage,
  reportDeposit,
  type StaffLogin,
  verifiedCustomer,
} from '../../../test/funds';
import { fetchImage, makeImage, upload } from '../../../test/images';
import { staffSession } from '../../../test/staff';

const t = useTestApp();
let compliance: StaffLogin;
let customer: SessionData;

beforeAll(async () => {
  compliance = await staffSession(t, 'compliance');
  customer = await registerByEmail(t, freshEmail('depositor'));
});

describe('deposit channels', () => {
  it('lists the seeded coin channels with placeholder addresses clearly marked', async () => {
    const answer = await call<CoinChannel[]>(
      t,
      'GET',
      '/api/quickCharge/info',
      {},
      { token: customer.token },
    );
    expect(answer.code).toBe(1);
    expect(answer.data.map((one) => `${one.currency_code} ${one.protocol_code}`)).toEqual([
      'USDT TRC20',
      'USDT ERC20',
      'BTC BTC',
      'ETH ETH',
    ]);
    for (const channel of answer.data) {
      expect(channel.address_placeholder).toBe(1);
      expect(channel.address).toMatch(/^PLACEHOLDER-/);
      expect(Number(channel.usd_per_unit)).toBeGreaterThan(0);
    }
    expect(answer.data[0]).toMatchObject({ min: '10', max: '1000000', decimals: 6, usd_per_unit: '1' });
  });

  it('lists the bank currencies and the wire accounts of one, with the Japanese branch name', async () => {
    const symbols = await call<BankCurrency[]>(
      t,
      'GET',
      '/api/quickCharge/symbols',
      {},
      { token: customer.token },
    );
    expect(symbols.data.map((one) => one.name)).toEqual(['USD', 'EUR', 'GBP', 'HKD', 'JPY']);
    const jpy = symbols.data.find((one) => one.code === 'JPY');
    const wires = await call<WireInfo[]>(
      t,
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: jpy?.id },
      { token: customer.token },
    );
    expect(wires.data).toHaveLength(1);
    expect(wires.data[0]).toMatchObject({ bank_coin: jpy?.id, currency_code: 'JPY', placeholder: 1 });
    expect(wires.data[0]?.branch_name).not.toBe('');
    expect(Object.keys(wires.data[0] ?? {})).toEqual(
      expect.arrayContaining([
        'id',
        'bank_name',
        'bank_address',
        'bank_swift',
        'payee_name',
        'payee_account',
        'bank_remark',
      ]),
    );
    const unknown = await call<WireInfo[]>(
      t,
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: 999999 },
      { token: customer.token },
    );
    expect(unknown).toEqual({ code: 1, msg: 'Success', data: [] });
  });
});

describe('reporting a deposit', () => {
  it('records a coin deposit sent by GET as the spec writes it, and the same by POST, waiting for review', async () => {
    const channel = await coinChannel(t, customer.token, 'USDT', 'TRC20');
    const viaGet = await call<DepositRecord>(
      t,
      'GET',
      '/api/quickCharge/submit',
      {
        number: '150.5',
        proofImg: await proofImage(t, customer.token),
        address: channel.address,
        charge_id: channel.id,
      },
      { token: customer.token },
    );
    expect(viaGet).toMatchObject({
      code: 1,
      data: {
        number: '150.5',
        type: 0,
        currency_code: 'USDT',
        protocol_code: 'TRC20',
        address: channel.address,
        status: 0,
        status_name: 'Under review',
        remark: '',
        amount: '0',
        reviewed_time: 0,
      },
    });
    expect(viaGet.data.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The proof is at an address signed for its owner only.
    expect((await fetchImage(t, viaGet.data.proof_img)).status).toBe(200);
    const stranger = await registerByEmail(t, freshEmail('peek'));
    expect((await fetchImage(t, viaGet.data.proof_img, stranger.token)).status).toBe(403);

    const viaPost = await call<DepositRecord>(
      t,
      'POST',
      '/api/quickCharge/submit',
      { number: 20, proofImg: await proofImage(t, customer.token), charge_id: channel.id },
      { token: customer.token, form: true },
    );
    expect(viaPost).toMatchObject({ code: 1, data: { number: '20', status: 0 } });
  });

  it('records a bank wire deposit (GET and POST) with the wire account it was sent to', async () => {
    const symbols = await call<BankCurrency[]>(
      t,
      'GET',
      '/api/quickCharge/symbols',
      {},
      { token: customer.token },
    );
    const usd = symbols.data.find((one) => one.code === 'USD');
    const wires = await call<WireInfo[]>(
      t,
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: usd?.id },
      { token: customer.token },
    );
    const wire = wires.data[0] as WireInfo;
    for (const method of ['GET', 'POST'] as const) {
      const answer = await call<DepositRecord>(
        t,
        method,
        '/api/quickCharge/wire_submit',
        { number: '1000.25', proofImg: await proofImage(t, customer.token), wire_id: wire.id },
        { token: customer.token },
      );
      expect(answer).toMatchObject({
        code: 1,
        data: {
          type: 1,
          currency_code: 'USD',
          protocol_code: '',
          bank_name: wire.bank_name,
          address: wire.payee_account,
          number: '1000.25',
        },
      });
    }
  });

  it('refuses bad amounts with a clear message and writes nothing', async () => {
    const channel = await coinChannel(t, customer.token, 'USDT', 'TRC20');
    const proof = await proofImage(t, customer.token);
    const before = await fundsCounts(t);
    const cases: [unknown, string][] = [
      ['', 'Amount is required.'],
      ['-5', 'The amount must be greater than 0.'],
      ['0', 'The amount must be greater than 0.'],
      ['abc', 'Amount must be a number.'],
      ['1e3', 'Amount must be a plain number, such as 1.25.'],
      ['10.1234567', 'The amount can have at most 6 decimal places.'],
      ['9.99', 'The amount must be at least 10.'],
      ['1000000.01', 'The amount must be at most 1,000,000.'],
    ];
    for (const [number, msg] of cases) {
      const answer = await call(
        t,
        'POST',
        '/api/quickCharge/submit',
        { number, proofImg: proof, charge_id: channel.id },
        { token: customer.token },
      );
      expect(answer, String(number)).toEqual({ code: 0, msg, data: null });
    }
    const btc = await coinChannel(t, customer.token, 'BTC', 'BTC');
    expect(
      await call(
        t,
        'POST',
        '/api/quickCharge/submit',
        { number: '0.000000001', proofImg: proof, charge_id: btc.id },
        { token: customer.token },
      ),
    ).toMatchObject({ code: 0, msg: 'Amount has too many digits.' });
    expect(await fundsCounts(t)).toEqual(before);
  });

  it("refuses another user's proof, a proof of another purpose, an unknown channel or wire, and a changed address", async () => {
    const channel = await coinChannel(t, customer.token, 'USDT', 'TRC20');
    const stranger = await registerByEmail(t, freshEmail('stranger'));
    const theirs = await proofImage(t, stranger.token);
    const kyc = await upload(t, customer.token, await makeImage('jpeg'), { purpose: 'kyc' });
    const before = await fundsCounts(t);
    for (const proofImg of [theirs, kyc.data?.name, `${'0'.repeat(32)}.jpg`]) {
      expect(
        await call(
          t,
          'POST',
          '/api/quickCharge/submit',
          { number: '50', proofImg, charge_id: channel.id },
          { token: customer.token },
        ),
      ).toEqual({ code: 0, msg: 'This image was not found. Please upload it again.', data: null });
    }
    const proof = await proofImage(t, customer.token);
    expect(
      await call(
        t,
        'POST',
        '/api/quickCharge/submit',
        { number: '50', proofImg: proof, charge_id: 999999 },
        { token: customer.token },
      ),
    ).toEqual({ code: 0, msg: 'This deposit channel is not available.', data: null });
    expect(
      await call(
        t,
        'POST',
        '/api/quickCharge/wire_submit',
        { number: '500', proofImg: proof, wire_id: 999999 },
        { token: customer.token },
      ),
    ).toEqual({ code: 0, msg: 'This bank account for wire transfers is not available.', data: null });
    expect(
      await call(
        t,
        'POST',
        '/api/quickCharge/submit',
        { number: '50', proofImg: proof, charge_id: channel.id, address: 'TSomeOldAddress' },
        { token: customer.token },
      ),
    ).toMatchObject({
      code: 0,
      msg: 'The receiving address has changed. Please reload the page and check the new address.',
    });
    expect(await fundsCounts(t)).toEqual({ ...before, audit_log: before.audit_log });
  });

  it('refuses a demo account (only a real account), and answers in the reader language', async () => {
    const demo = await call<SessionData>(t, 'GET', '/api/user/createAccountDemoForU', {
      demo_id: 'funds-demo-device-1',
    });
    const channel = await coinChannel(t, demo.data.token, 'USDT', 'TRC20');
    const before = await fundsCounts(t);
    expect(
      await call(
        t,
        'POST',
        '/api/quickCharge/submit',
        { number: '50', proofImg: 'x', charge_id: channel.id },
        { token: demo.data.token },
      ),
    ).toEqual({ code: 0, msg: 'Only a real account can do this.', data: null });
    expect(
      (
        await call(
          t,
          'POST',
          '/api/quickCharge/wire_submit',
          { number: '500', proofImg: 'x', wire_id: 1 },
          { token: demo.data.token, lang: 'hk' },
        )
      ).msg,
    ).not.toBe('Only a real account can do this.');
    expect(await fundsCounts(t)).toEqual(before);
  });

  it('limits the deposits waiting for review per customer', async () => {
    const busy = await verifiedCustomer(t, compliance, 'busy');
    for (let index = 0; index < 10; index += 1) await reportDeposit(t, busy.token, '10');
    const channel = await coinChannel(t, busy.token, 'USDT', 'TRC20');
    const answer = await call(
      t,
      'POST',
      '/api/quickCharge/submit',
      { number: '10', proofImg: await proofImage(t, busy.token), charge_id: channel.id },
      { token: busy.token },
    );
    expect(answer).toEqual({
      code: 0,
      msg: 'You already have 10 deposits waiting for review. Please wait until they are checked.',
      data: null,
    });
  });
});

describe('the deposit records (quick_ist)', () => {
  it("lists the customer's own deposits newest first, by type and page, and never another user's", async () => {
    const own = await registerByEmail(t, freshEmail('records'));
    const first = await reportDeposit(t, own.token, '11');
    const second = await reportDeposit(t, own.token, '12');
    const all = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      { page: 1 },
      { token: own.token },
    );
    expect(all.data).toMatchObject({ total: 2, page: 1, limit: 10 });
    expect(all.data.list.map((one) => one.id)).toEqual([second.id, first.id]);
    const coins = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      { type: 0 },
      { token: own.token },
    );
    expect(coins.data.total).toBe(2);
    const banks = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      { type: 1 },
      { token: own.token },
    );
    expect(banks.data).toMatchObject({ total: 0, list: [] });
    const paged = await call<DepositPage>(
      t,
      'GET',
      '/api/quickCharge/quick_ist',
      { page: 2, limit: 1 },
      { token: own.token },
    );
    expect(paged.data.list.map((one) => one.id)).toEqual([first.id]);
    expect(
      (await call(t, 'GET', '/api/quickCharge/quick_ist', { type: 'coin' }, { token: own.token })).msg,
    ).toBe('Type must be a number.');
    const other = await registerByEmail(t, freshEmail('other'));
    expect(
      (await call<DepositPage>(t, 'GET', '/api/quickCharge/quick_ist', {}, { token: other.token })).data
        .total,
    ).toBe(0);
  });
});

describe('quick_ist type as the spec reads it: 0 coin, else bank', () => {
  it('lists bank deposits for type 2 (and any number but 0), coin deposits for 0', async () => {
    const own = await registerByEmail(t, freshEmail('records-types'));
    const coin = await reportDeposit(t, own.token, '13');
    const symbols = await call<BankCurrency[]>(
      t,
      'GET',
      '/api/quickCharge/symbols',
      {},
      { token: own.token },
    );
    const usd = symbols.data.find((one) => one.code === 'USD');
    const wires = await call<WireInfo[]>(
      t,
      'GET',
      '/api/quickCharge/wire_info',
      { bank_coin: usd?.id },
      { token: own.token },
    );
    const bank = await call<DepositRecord>(
      t,
      'GET',
      '/api/quickCharge/wire_submit',
      { number: '700', proofImg: await proofImage(t, own.token), wire_id: wires.data[0]?.id },
      { token: own.token },
    );
    expect(bank.code).toBe(1);
    const idsOf = async (type: number) => {
      const page = await call<DepositPage>(
        t,
        'GET',
        '/api/quickCharge/quick_ist',
        { type, page: 1 },
        { token: own.token },
      );
      expect(page.code).toBe(1);
      return page.data.list.map((one) => [one.id, one.type]);
    };
    expect(await idsOf(0)).toEqual([[coin.id, 0]]);
    for (const type of [1, 2, 3]) expect(await idsOf(type)).toEqual([[bank.data.id, 1]]);
  });
});
