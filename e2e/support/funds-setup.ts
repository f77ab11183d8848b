import { randomUUID } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import { staffCall, verifyIdentity, waitingRecord } from './funds';
import { apiCall, idPhoto, PASSWORD, registerByEmail } from './personal-center';
import type { RunningServer } from './server';

// A test's own money, made over HTTP as the app makes it: a test about one funds screen
// starts from a customer of its own in the state that screen needs, not from what another test left.

/** A call as the customer that must succeed; its data. */
async function customerCall<T>(
  server: RunningServer,
  customer: SessionData,
  method: 'GET' | 'POST',
  path: string,
  fields: Record<string, string | number> = {},
): Promise<T> {
  const answer = await apiCall<T>(server, method, path, fields, customer.token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** A new real customer (registered by e-mail) whose identity a compliance officer has approved. */
export async function verifiedCustomer(server: RunningServer, compliance: string): Promise<SessionData> {
  const customer = await registerByEmail(server, `funds.${randomUUID()}@example.com`);
  await verifyIdentity(server, customer, compliance);
  return customer;
}

/** A proof of transfer uploaded as the customer, as the deposit form does; its name. */
async function uploadProof(server: RunningServer, customer: SessionData): Promise<string> {
  const form = new FormData();
  form.append('purpose', 'proof');
  form.append(
    'file',
    new Blob([new Uint8Array(await idPhoto('png', '#2f855a'))], { type: 'image/png' }),
    'transfer.png',
  );
  const response = await fetch(`${server.url}/api/common/image_upload`, {
    method: 'POST',
    headers: { lang: 'en', authorization: customer.token },
    body: form,
  });
  const answer = (await response.json()) as { code: number; msg: string; data: { name: string } };
  if (answer.code !== 1) throw new Error(`upload: ${answer.msg}`);
  return answer.data.name;
}

/** A USDT TRC20 deposit of `number` the customer reports with a proof: waiting for review. */
export async function reportDeposit(
  server: RunningServer,
  customer: SessionData,
  number: string,
): Promise<{ id: number }> {
  const channels = await customerCall<
    { id: number; currency_code: string; protocol_code: string; address: string }[]
  >(server, customer, 'GET', '/api/quickCharge/info');
  const trc20 = channels.find((one) => one.currency_code === 'USDT' && one.protocol_code === 'TRC20');
  if (!trc20) throw new Error('no USDT TRC20 channel');
  return customerCall(server, customer, 'POST', '/api/quickCharge/submit', {
    number,
    proofImg: await uploadProof(server, customer),
    address: trc20.address,
    charge_id: trc20.id,
  });
}

/** A deposit the customer reports and finance credits (at most the four-eyes threshold): the balance holds `number` more. */
export async function creditDeposit(
  server: RunningServer,
  finance: string,
  customer: SessionData,
  number: string,
): Promise<void> {
  await reportDeposit(server, customer, number);
  const record = await waitingRecord(server, finance, 'deposits', customer.user.id);
  const approved = await staffCall<{ status: number }>(
    server,
    finance,
    'POST',
    '/admin/api/funds/deposits/approve',
    {
      id: record.id,
    },
  );
  // Above the four-eyes threshold one approval credits nothing: say so here, not later.
  if (approved.status !== 1) throw new Error(`deposit ${record.id} of ${number} needs a second approver`);
}

/** The customer binds a USDT TRC20 receiving address: the withdraw currency and the method. */
export async function bindTrc20Address(
  server: RunningServer,
  customer: SessionData,
  address: string,
): Promise<{ currencyId: number; methodId: number }> {
  const currencies = await customerCall<{ id: number; code: string; protocol: string }[]>(
    server,
    customer,
    'GET',
    '/api/account/draw_symbol_list',
  );
  const currency = currencies.find((one) => one.code === 'USDT' && one.protocol === 'TRC20');
  if (!currency) throw new Error('no USDT TRC20 withdraw currency');
  const method = await customerCall<{ id: number }>(
    server,
    customer,
    'POST',
    '/api/wallet/bind_draw_method',
    {
      type: 1,
      draw_id: currency.id,
      dc_address: address,
    },
  );
  return { currencyId: currency.id, methodId: method.id };
}

/** The customer asks to withdraw `number` USDT to a bound address: waiting for review. */
export async function requestWithdrawal(
  server: RunningServer,
  customer: SessionData,
  to: { currencyId: number; methodId: number },
  number: string,
  memo: string,
): Promise<{ id: number }> {
  return customerCall(server, customer, 'POST', '/api/account/draw', {
    draw_currency_id: to.currencyId,
    number,
    memo,
    password: PASSWORD,
    draw_method_id: to.methodId,
  });
}
