import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { logInDemoUser } from '../testing/demo-session';
import {
  bankCurrencyFixture,
  coinChannelFixture,
  depositRecordFixture,
  TRC20_PLATFORM_ADDRESS,
  wireInfoFixture,
} from '../testing/funds-fixtures';
import {
  callsTo,
  expectAmountMessages,
  fieldError,
  findPlain,
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

const ERC20 = coinChannelFixture({
  id: 2,
  protocol_code: 'ERC20',
  address: '0x52908400098527886E0F7030069857D2E4169EE7',
});
const BTC = coinChannelFixture({
  id: 3,
  currency_code: 'BTC',
  protocol_code: 'BTC',
  address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
  min: '0.001',
  max: '0',
  decimals: 8,
  usd_per_unit: '60000',
});
const UPLOAD = {
  url: '/api/image/0123456789abcdef0123456789abcdef.png?exp=9&sig=s',
  name: '0123456789abcdef0123456789abcdef.png',
  purpose: 'proof',
  mime: 'image/png',
  width: 10,
  height: 10,
  size: 100,
  expires_at: '2026-11-21T10:00:00.000Z',
};

function serveDeposits(channels = [coinChannelFixture(), ERC20, BTC]) {
  fundsApi.answers['/api/quickCharge/info'] = channels;
  fundsApi.answers['/api/quickCharge/symbols'] = [bankCurrencyFixture()];
  fundsApi.answers['/api/quickCharge/wire_info'] = [wireInfoFixture()];
  fundsApi.answers['/api/common/image_upload'] = UPLOAD;
  fundsApi.answers['/api/quickCharge/submit'] = depositRecordFixture();
  fundsApi.answers['/api/quickCharge/wire_submit'] = depositRecordFixture({ type: 1 });
  fundsApi.answers['/api/quickCharge/quick_ist'] = { list: [], total: 0, page: 1, limit: 10 };
}

const chip = (field: string, label: string) => {
  const found = [...document.querySelectorAll(`[data-field="${field}"] .adm-selector-item`)].find(
    (item) => plain(item.textContent) === label,
  );
  if (!found) throw new Error(`no ${label} chip in ${field}`);
  return found as HTMLElement;
};

async function attachProof() {
  const input = document.querySelector<HTMLInputElement>('[data-field="proof"] input[type="file"]');
  if (!input) throw new Error('no proof picker');
  const file = new File([new Uint8Array([137, 80, 78, 71])], 'receipt.png', { type: 'image/png' });
  fireEvent.change(input, { target: { files: [file] } });
  await waitFor(() => expect(callsTo('/api/common/image_upload')).toHaveLength(1));
  // The preview of the uploaded proof (not the picked file's while it uploads): the form holds it now.
  await waitFor(() =>
    expect(document.querySelector(`[data-field="proof"] img[src*="${UPLOAD.name}"]`)).not.toBeNull(),
  );
}

describe('deposit page /mine/charge', () => {
  it('tells a demo customer only a real account may deposit, and asks the server nothing', async () => {
    logInDemoUser(1);
    renderAppAt('/mine/charge');
    expect(await screen.findByText('Only a real account can do this')).toBeTruthy();
    expect(callsTo('/api/quickCharge/info')).toHaveLength(0);
  });

  it('shows the receiving address of the chosen coin and network as a QR code and text with a copy button', async () => {
    logInRealUser();
    serveDeposits();
    renderAppAt('/mine/charge');
    await waitFor(() =>
      expect(plain(screen.getByTestId('receiving-address').textContent)).toBe(TRC20_PLATFORM_ADDRESS),
    );
    expect(screen.getByTestId('address-qr')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(await findPlain(/Send only USDT on the TRC20 network/)).toBeTruthy();

    fireEvent.click(chip('network', 'ERC20'));
    await waitFor(() =>
      expect(plain(screen.getByTestId('receiving-address').textContent)).toBe(ERC20.address),
    );
    fireEvent.click(chip('coin', 'BTC'));
    await waitFor(() => expect(plain(screen.getByTestId('receiving-address').textContent)).toBe(BTC.address));
    expect(fieldError('amount')).toBe('');
    expect(await findPlain('Minimum 0.001 BTC')).toBeTruthy();
    typeInto('amount', '0.01');
    expect(await findPlain('≈ 600.00 USDT credited after review')).toBeTruthy();
  });

  it('asks for the amount (spec: enter charge amount) and the proof before sending anything', async () => {
    logInRealUser();
    serveDeposits();
    renderAppAt('/mine/charge');
    fireEvent.click(await screen.findByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(fieldError('amount')).toBe('Please enter the deposit amount'));
    expect(fieldError('proof')).toBe('Please add a proof of payment');
    await expectAmountMessages([
      ['5', 'The minimum is 10'],
      ['10.1234567', 'At most 6 decimal places'],
    ]);
    expect(postsTo('/api/quickCharge/submit')).toHaveLength(0);
  });

  it('uploads the proof as a private proof, shows it, sends the deposit and opens its record', async () => {
    logInRealUser();
    serveDeposits();
    const router = renderAppAt('/mine/charge');
    await screen.findByTestId('receiving-address');
    typeInto('amount', '500');
    await attachProof();
    const upload = callsTo('/api/common/image_upload')[0]?.body as FormData;
    expect(upload.get('purpose')).toBe('proof');
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(postsTo('/api/quickCharge/submit')).toHaveLength(1));
    expect(postsTo('/api/quickCharge/submit')[0]).toEqual({
      number: '500',
      proofImg: UPLOAD.name,
      address: TRC20_PLATFORM_ADDRESS,
      charge_id: '1',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/mine/records?tab=deposits'));
    await waitFor(() =>
      expect(toastText()).toBe('Deposit submitted. It is credited once it has been reviewed.'),
    );
  });

  it('does not offer a placeholder address: a warning instead of the QR code, and no form', async () => {
    logInRealUser();
    serveDeposits([coinChannelFixture({ address_placeholder: 1, address: 'PLACEHOLDER-TRC20' })]);
    renderAppAt('/mine/charge');
    expect(await screen.findByTestId('address-not-set')).toBeTruthy();
    expect(screen.queryByTestId('address-qr')).toBeNull();
    expect(screen.queryByText('PLACEHOLDER-TRC20')).toBeNull();
    // Nothing to fill in or send for an address nobody may pay to.
    expect(screen.queryByRole('button', { name: 'Submit deposit' })).toBeNull();
    expect(document.querySelector('[data-field="amount"]')).toBeNull();
  });

  it('by bank: the wire account with a copy button per detail, then sends it with the wire id', async () => {
    logInRealUser();
    serveDeposits();
    const router = renderAppAt('/mine/charge');
    fireEvent.click(await screen.findByText('Bank transfer'));
    const account = await screen.findByText('012-345678-901');
    const line = account.closest('.wire-line');
    expect(line?.querySelector('button')?.textContent).toBe('Copy');
    expect(document.querySelectorAll('.wire-line')).toHaveLength(5);
    expect(plain(document.querySelector('.wire-remark')?.textContent)).toBe(
      'Note: Put your UID in the transfer reference.',
    );
    expect(callsTo('/api/quickCharge/wire_info')[0]?.url.searchParams.get('bank_coin')).toBe('1');

    typeInto('amount', '1000');
    await attachProof();
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(postsTo('/api/quickCharge/wire_submit')).toHaveLength(1));
    expect(postsTo('/api/quickCharge/wire_submit')[0]).toEqual({
      number: '1000',
      proofImg: UPLOAD.name,
      wire_id: '5',
    });
    await waitFor(() => expect(currentPath(router)).toBe('/mine/records?tab=deposits'));
  });

  it('by bank with no wire account: says there is no pay way (spec section 5) and sends nothing', async () => {
    logInRealUser();
    serveDeposits();
    fundsApi.answers['/api/quickCharge/wire_info'] = [];
    renderAppAt('/mine/charge');
    fireEvent.click(await screen.findByText('Bank transfer'));
    expect(await screen.findByTestId('no-pay-way')).toBeTruthy();
    typeInto('amount', '1000');
    fireEvent.click(screen.getByRole('button', { name: 'Submit deposit' }));
    await waitFor(() => expect(toastText()).toBe('No payment method is available for this currency'));
    expect(postsTo('/api/quickCharge/wire_submit')).toHaveLength(0);
  });
});
