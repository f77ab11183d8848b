import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCode, specEmailRegisterForm } from './accounts';
import type { TestApp } from './app';
import { tronAddress } from './funds';
import { makeImage, multipartBody } from './images';
import { adminCall, staffSession } from './staff';
import { createTradingApp, EURUSD, moveTo, type TradingApp } from './trading';

/**
 * A client written only from shared/spec/product-spec.md (and
 * ARCHITECTURE.md where the spec says "path not shown" or "not shown"). It uses the spec's paths,
 * fields and headers only: `lang` and `authorization` on every call, `t` on every GET, forms where
 * the spec says form, multipart with the file alone for image_upload, and reads the `{code,msg,data}`
 * envelope. The staff side (approving identity, deposit, withdrawal) is outside the spec and goes
 * through the back office's API. Every step checks what it changed: balances and states.
 */

type Envelope<T> = { code: number; msg: string; data: T };
type Fields = Record<string, string | number>;

/** The spec's client: one token, one language; no header or field the spec does not name. */
class SpecClient {
  token = '';
  constructor(
    private readonly t: TestApp,
    private readonly lang: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { lang: this.lang, authorization: this.token, ...extra };
  }

  private read<T>(response: { json(): unknown }): Envelope<T> {
    const answer = response.json() as Envelope<T>;
    // Spec section 3: the envelope is code, msg, data; 1 is success.
    expect(Object.keys(answer).sort()).toEqual(['code', 'data', 'msg']);
    return answer;
  }

  /** A GET with the spec's `t` query parameter; answers `data`, failing on any code but 1. */
  async get<T>(path: string, query: Fields = {}): Promise<T> {
    const search = new URLSearchParams({ ...stringsOf(query), t: String(this.t.clock.now().getTime()) });
    const response = await this.t.app.inject({
      method: 'GET',
      url: `${path}?${search}`,
      headers: this.headers(),
    });
    return ok(this.read<T>(response), path);
  }

  /** A POST as a form (form-urlencoded), as the spec writes its forms. */
  async form<T>(path: string, fields: Fields): Promise<T> {
    return ok(await this.formAnswer<T>(path, fields), path);
  }

  async formAnswer<T>(path: string, fields: Fields): Promise<Envelope<T>> {
    const response = await this.t.app.inject({
      method: 'POST',
      url: path,
      headers: this.headers({ 'content-type': 'application/x-www-form-urlencoded' }),
      payload: new URLSearchParams(stringsOf(fields)).toString(),
    });
    return this.read<T>(response);
  }

  /** POST /api/common/image_upload: "multipart file, returns url", and nothing else. */
  async upload(bytes: Buffer): Promise<string> {
    const body = multipartBody({ file: { bytes, filename: 'photo.jpg', contentType: 'image/jpeg' } });
    const response = await this.t.app.inject({
      method: 'POST',
      url: '/api/common/image_upload',
      headers: this.headers({ 'content-type': body.contentType }),
      payload: body.payload,
    });
    return ok(this.read<{ url: string }>(response), 'image_upload').url;
  }
}

function stringsOf(fields: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, String(value)]));
}

function ok<T>(answer: Envelope<T>, what: string): T {
  if (answer.code !== 1) throw new Error(`${what} answered ${answer.code}: ${answer.msg}`);
  return answer.data;
}

const PASSWORD = 'Spec2026pass';
const DEPOSIT = '1000';
const WITHDRAWAL = '300';

type Order = {
  Id: number;
  OrderType: number;
  Quantity: string;
  Price: string;
  UpdatePrice: string;
  FactProfits: string;
  CautionMoney: string;
  TradeFee: string;
  Status: number;
};
type OrderList = { data: Order[]; total: number; balance: string };
type AccountDetail = { balance: string; lock_balance: string };

let t: TradingApp;
let client: SpecClient;

beforeAll(async () => {
  t = await createTradingApp();
  // The market the client trades in: EUR/USD at 1.08500 (bid 1.08496, ask 1.08504).
  await moveTo(t, EURUSD, '1.08500');
  client = new SpecClient(t, 'en');
});
afterAll(async () => {
  await t.close();
});

async function detail(): Promise<AccountDetail> {
  return client.get<AccountDetail>('/v1/api/main/account/forexDetail');
}

// One customer's journey, step by step (each step starts from where the last one left the account),
// so its steps keep their order even when a run shuffles tests (.ci/run's second pass does).
describe('a client written against the spec alone', { shuffle: false }, () => {
  const email = `spec-client-${Date.now()}@example.com`;

  it('registers by e-mail with the spec form, the code read from the outbox', async () => {
    const settings = await client.get<{ verify_reg_type: unknown }>('/api/basicSet/getBasicInfo');
    expect(String(settings.verify_reg_type)).not.toBe('2');
    await client.form('/api/notify/send_email', { email, type: 1 });
    const code = await lastCode(t, email, 1);
    const session = await client.form<{ token: string; user: { email: string; is_demo: number } }>(
      '/api/user/register',
      specEmailRegisterForm(email, code, PASSWORD),
    );
    expect(session.user).toMatchObject({ email, is_demo: 0 });
    client.token = session.token;
    expect(await client.get<{ email: string }>('/api/user/info')).toMatchObject({ email });
    expect(await detail()).toMatchObject({ balance: '0', lock_balance: '0' });
  });

  it('sends its identity photos (uploads without a purpose) and is verified by compliance', async () => {
    expect(await client.get<{ review_status: number }>('/api/user_real/center')).toMatchObject({
      review_status: 0,
    });
    const front = await client.upload(await makeImage('jpeg', { width: 70 }));
    const reverse = await client.upload(await makeImage('jpeg', { width: 71 }));
    const sent = await client.form<{ review_status: number }>('/api/user_real/real_name', {
      name: 'Chan Tai Man',
      card_id: 'A1234567',
      front_pic: front,
      reverse_pic: reverse,
    });
    expect(sent.review_status).toBe(1);
    const compliance = await staffSession(t, 'compliance');
    const queue = await adminCall<{ list: { id: number; user_id: number }[] }>(
      t,
      'GET',
      '/admin/api/kyc/submissions',
      { status: 'pending' },
      compliance.token,
    );
    const submission = queue.data.list[0];
    expect(queue.data.list).toHaveLength(1);
    expect(
      (
        await adminCall(
          t,
          'POST',
          '/admin/api/kyc/review',
          { id: submission?.id, decision: 'approve' },
          compliance.token,
        )
      ).code,
    ).toBe(1);
    expect(await client.get<{ review_status: number }>('/api/user_real/center')).toMatchObject({
      review_status: 2,
    });
  });

  it('reports a coin deposit with a proof uploaded without a purpose; finance approves; the balance grows', async () => {
    const channels =
      await client.get<{ id: number; currency_code: string; protocol_code: string; address: string }[]>(
        '/api/quickCharge/info',
      );
    const channel = channels.find((one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20');
    if (!channel) throw new Error('no USDT TRC20 channel');
    const proofImg = await client.upload(await makeImage('jpeg', { width: 90 }));
    // The spec writes quickCharge/submit as a GET.
    const deposit = await client.get<{ id: number; status: number; type: number }>(
      '/api/quickCharge/submit',
      {
        number: DEPOSIT,
        proofImg,
        address: channel.address,
        charge_id: channel.id,
      },
    );
    expect(deposit).toMatchObject({ status: 0, type: 0 });
    const waiting = await client.get<{ list: { id: number; status: number }[] }>(
      '/api/quickCharge/quick_ist',
      {
        type: 0,
        page: 1,
      },
    );
    expect(waiting.list).toEqual([expect.objectContaining({ id: deposit.id, status: 0 })]);
    expect(await detail()).toMatchObject({ balance: '0' });

    const finance = await staffSession(t, 'finance');
    const approved = await adminCall<{ status: number }>(
      t,
      'POST',
      '/admin/api/funds/deposits/approve',
      { id: deposit.id },
      finance.token,
    );
    expect(approved).toMatchObject({ code: 1, data: { status: 1 } });
    const done = await client.get<{ list: { id: number; status: number }[] }>('/api/quickCharge/quick_ist', {
      type: 0,
      page: 1,
    });
    expect(done.list).toEqual([expect.objectContaining({ id: deposit.id, status: 1 })]);
    expect(new Decimal((await detail()).balance).eq(DEPOSIT)).toBe(true);
    expect(
      new Decimal((await client.get<{ balance: string }>('/v1/api/main/wallet/getBalance')).balance).eq(
        DEPOSIT,
      ),
    ).toBe(true);
  });

  let balanceAfterTrade: Decimal;

  it('trades: a market buy (submit), holding in my_deal, closed at a profit (close), in the history', async () => {
    const list =
      await client.get<
        {
          Id: number;
          Code: string;
          MarketStatus: number;
          ForexContNum: string;
          HasForexMultiple: { Value: number }[];
        }[]
      >('/v1/api/forex/trade_list');
    const instrument = list.find((one) => one.Code === 'EURUSD');
    if (!instrument) throw new Error('EURUSD is not in the trade list');
    expect(instrument.MarketStatus).toBe(1);
    const multiple = instrument.HasForexMultiple[0]?.Value;
    if (multiple === undefined) throw new Error('EURUSD has no leverage option');

    const opened = await client.form<Order>('/v1/api/forex/submit', {
      type: 1,
      cont: '0.1',
      forex_id: instrument.Id,
      status: 1,
      target_price: '',
      stop_loss_price: '',
      target_profit_price: '',
      multiple,
    });
    expect(opened).toMatchObject({ OrderType: 1, Quantity: '0.1', Price: '1.08504', Status: 1 });
    // Spec section 9: margin = lots x units per lot x price / leverage, to 6 places.
    const margin = new Decimal('0.1')
      .times(instrument.ForexContNum)
      .times(opened.Price)
      .div(multiple)
      .toDecimalPlaces(6, Decimal.ROUND_HALF_UP);
    expect(new Decimal(opened.CautionMoney).eq(margin)).toBe(true);
    const fee = new Decimal(opened.TradeFee);
    expect(fee.gt(0)).toBe(true);
    const holding = await client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 1 });
    expect(holding.data.map((order) => order.Id)).toEqual([opened.Id]);
    const afterOpen = new Decimal(DEPOSIT).minus(margin).minus(fee);
    expect(new Decimal(holding.balance).eq(afterOpen)).toBe(true);
    expect(new Decimal((await detail()).balance).eq(afterOpen)).toBe(true);

    // The market rises 50 pips: the buy closes at the bid.
    await moveTo(t, EURUSD, '1.09000');
    const closed = await client.form<Order>('/v1/api/forex/close', { id: opened.Id });
    expect(closed.Status).toBe(3);
    const profit = new Decimal(closed.FactProfits);
    // Floating P&L = (close - open) x lots x units, at the bid the buy closed at.
    expect(
      profit.eq(
        new Decimal(closed.UpdatePrice).minus(opened.Price).times('0.1').times(instrument.ForexContNum),
      ),
    ).toBe(true);
    expect(profit.gt(0)).toBe(true);
    expect((await client.get<OrderList>('/v1/api/forex/my_deal', { status: 1, page: 1 })).total).toBe(0);
    const history = await client.get<OrderList>('/v1/api/forex/my_deal', { status: 3, page: 1 });
    expect(history.data.map((order) => [order.Id, order.Status])).toEqual([[opened.Id, 3]]);
    balanceAfterTrade = new Decimal(DEPOSIT).minus(fee).plus(profit);
    expect(new Decimal(history.balance).eq(balanceAfterTrade)).toBe(true);
    expect(new Decimal((await detail()).balance).eq(balanceAfterTrade)).toBe(true);
  });

  it('binds a withdrawal address and withdraws; finance pays it; the lock is gone and the balance stays down', async () => {
    const currencies = await client.get<
      { id: number; code: string; protocol: string; draw_rate: string; fee_type: number; usd_price: string }[]
    >('/api/account/draw_symbol_list', { type: 1 });
    const usdt = currencies.find((one) => one.code === 'USDT' && one.protocol === 'TRC20');
    if (!usdt) throw new Error('no USDT TRC20 withdraw currency');
    const address = tronAddress();
    await client.form('/api/wallet/bind_draw_method', { dc_address: address, draw_id: usdt.id, type: 1 });
    const methods = await client.get<{ id: number; dc_address: string }[]>('/api/wallet/get_draw_method', {
      draw_type: 1,
      draw_id: usdt.id,
    });
    expect(methods.map((method) => method.dc_address)).toEqual([address]);
    const method = methods[0] as { id: number };

    const request = await client.form<{
      id: number;
      number: string;
      fee: string;
      real_number: string;
      status: number;
    }>('/api/account/draw', {
      draw_currency_id: usdt.id,
      number: WITHDRAWAL,
      memo: 'spec client',
      password: PASSWORD,
      draw_method_id: method.id,
    });
    // Spec section 9: fee_type 1 a fixed fee, else amount x rate; receive = (amount - fee) x price, 2 places, floored at 0.
    const fee =
      usdt.fee_type === 1 ? new Decimal(usdt.draw_rate) : new Decimal(WITHDRAWAL).times(usdt.draw_rate);
    expect(new Decimal(request.fee).eq(fee)).toBe(true);
    const receive = Decimal.max(
      0,
      new Decimal(WITHDRAWAL).minus(fee).times(usdt.usd_price).toDecimalPlaces(2, Decimal.ROUND_DOWN),
    );
    expect(new Decimal(request.real_number).eq(receive)).toBe(true);
    expect(request.status).toBe(0);
    const locked = await detail();
    expect(new Decimal(locked.balance).eq(balanceAfterTrade.minus(WITHDRAWAL))).toBe(true);
    expect(new Decimal(locked.lock_balance).eq(WITHDRAWAL)).toBe(true);
    const records = await client.get<{ list: { id: number; status: number; address: string }[] }>(
      '/api/account/draw_list',
      { type: 1, page: 1 },
    );
    expect(records.list).toEqual([expect.objectContaining({ id: request.id, status: 0, address })]);

    const finance = await staffSession(t, 'finance');
    const paid = await adminCall<{ status: number }>(
      t,
      'POST',
      '/admin/api/funds/withdrawals/pay',
      { id: request.id, payout_reference: '0xspecclient' },
      finance.token,
    );
    expect(paid).toMatchObject({ code: 1, data: { status: 1 } });
    const after = await detail();
    expect(new Decimal(after.balance).eq(balanceAfterTrade.minus(WITHDRAWAL))).toBe(true);
    expect(new Decimal(after.lock_balance).eq(0)).toBe(true);
    const finished = await client.get<{ list: { id: number; status: number }[] }>('/api/account/draw_list', {
      type: 1,
      page: 1,
    });
    expect(finished.list).toEqual([expect.objectContaining({ id: request.id, status: 1 })]);
  });
});
