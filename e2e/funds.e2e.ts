import type { SessionData } from '@meridian/contract/auth';
import jsQR from 'jsqr';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone, socketFrames, socketInSync } from './support/browser';
import { setChannelAddress, staffCall, staffToken, waitingRecord } from './support/funds';
import {
  bindTrc20Address,
  creditDeposit,
  reportDeposit,
  requestWithdrawal,
  verifiedCustomer,
} from './support/funds-setup';
import { idPhoto, PASSWORD, pixelsOf, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';

// Real money in and out at a phone's size, against the real server: a new real customer, whose
// identity a compliance officer approves through the back office's API, deposits USDT on TRC20 with
// a proof; finance approves it and the balance shows it; a market order opens with it. The customer
// binds a TRC20 address from the withdrawal form's "go bind", withdraws with the expected amount
// shown, finance pays it, and the records show both as completed, updated without a reload. The
// funds screens are kept in English, Traditional Chinese and Arabic. Each test has a customer and a
// phone of its own, brought over HTTP to the state its screen needs: deposits credited,
// an address bound, a withdrawal asked for.
let server: RunningServer;
let browser: Browser;
let phone: BrowserContext;
let finance: string;
let compliance: string;

const PLATFORM_TRC20 = 'TXLAQ63Xg1NAzckPwKHvzw7CSEmLMEqcdj';
const CUSTOMER_TRC20 = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';
const PAYOUT_HASH = '4f1c2b8e9a7d6c5b3a2f1e0d9c8b7a6f5e4d3c2b1a0f9e8d7c6b5a4f3e2d1c0b';

/** Text as read, without the invisible marks that keep numbers left to right in any language. */
const plain = (text: string) =>
  text
    .replace(/[\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
const textOf = async (locator: ReturnType<Page['locator']>) => plain(await locator.innerText());
const chipOf = (target: Page, id: number) =>
  textOf(target.locator(`.record-row[data-record-id="${id}"] .status-chip`));

/** A screenshot once the spinner and toasts have gone, so it shows the page itself. */
async function keepSettled(target: Page, name: string): Promise<void> {
  await expect.poll(() => target.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await expect.poll(() => target.locator('.adm-toast-main').count(), { timeout: 10_000 }).toBe(0);
  // From the top: a full-page shot of a scrolled page paints its sticky title bar mid-page.
  await target.evaluate(() => window.scrollTo(0, 0));
  await keepScreenshot(target, name);
}

/** A dialog once its opening animation has ended, so its screenshot is not half transparent. */
async function settledDialog(target: Page) {
  const dialog = target.locator('.adm-dialog-body:visible');
  await dialog.waitFor();
  await expect
    .poll(() =>
      dialog.evaluate((element) => {
        let opacity = 1;
        for (let node: Element | null = element; node; node = node.parentElement)
          opacity *= Number(getComputedStyle(node).opacity);
        return opacity;
      }),
    )
    .toBe(1);
}

/** A verified customer with `deposit` USDT credited (none: nothing paid in), signed in on the phone. */
async function customerWith(deposit?: string): Promise<{ customer: SessionData; page: Page }> {
  const customer = await verifiedCustomer(server, compliance);
  if (deposit) await creditDeposit(server, finance, customer, deposit);
  return { customer, page: await signIn(phone, customer) };
}

async function typeAmount(target: Page, amount: string): Promise<void> {
  await target.locator('[data-field=amount] input').fill(amount);
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
  finance = await staffToken(server, 'finance', 'Ravi Finance');
  compliance = await staffToken(server, 'compliance', 'Clara Compliance');
  await setChannelAddress(server, finance, 'TRC20', PLATFORM_TRC20);
});

beforeEach(async () => {
  phone = await newPhone(browser, server.url);
  await phone.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
});

afterEach(async () => {
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('funds in the browser', () => {
  it('deposits USDT on TRC20: the address as a QR code that reads back, a copy button, the proof', async () => {
    const { customer, page } = await customerWith();
    await page.goto('/user');
    await page.locator('.entry-list .adm-list-item', { hasText: 'Deposit' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/charge');
    const address = page.locator('[data-testid=receiving-address]');
    await expect.poll(() => textOf(address)).toBe(PLATFORM_TRC20);
    const qr = await pixelsOf(await page.locator('[data-testid=address-qr]').screenshot());
    expect(jsQR(qr.data, qr.width, qr.height)?.data).toBe(PLATFORM_TRC20);
    await page.locator('.address-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(PLATFORM_TRC20);

    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await expect
      .poll(() => textOf(page.locator('[data-field=amount] .order-field-error')))
      .toBe('Please enter the deposit amount');
    await typeAmount(page, '1000');
    await expect
      .poll(() => textOf(page.locator('.funds-estimate')))
      .toBe('≈ 1,000.00 USDT credited after review');
    await page.locator('[data-field=proof] input[type=file]').setInputFiles({
      name: 'transfer.png',
      mimeType: 'image/png',
      buffer: await idPhoto('png', '#2f855a'),
    });
    await page.locator('[data-field=proof] .adm-image-uploader-cell-image img').waitFor();
    await keepSettled(page, 'funds-deposit');

    await page.getByRole('button', { name: 'Submit deposit' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/records');
    const deposit = await waitingRecord(server, finance, 'deposits', customer.user.id);
    await expect.poll(() => chipOf(page, deposit.id)).toBe('Under review');
    await keepSettled(page, 'funds-records-deposit-waiting');
  });

  it('offers no bank wire while the wire accounts are still placeholders of a fresh installation', async () => {
    const { customer, page } = await customerWith();
    // A coin deposit waiting for review, for the records page to list.
    await reportDeposit(server, customer, '1000');
    await page.goto('/mine/charge');
    await page.locator('.funds-tabs .adm-tabs-tab', { hasText: 'Bank transfer' }).click();
    await page.locator('[data-testid=wire-not-set]').waitFor();
    expect(await page.locator('.wire-card').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Submit deposit' }).count()).toBe(0);
    await keepSettled(page, 'funds-deposit-bank-placeholder');
    await page.goto('/mine/records?tab=deposits');
    await page.locator('.record-row').first().waitFor();
  });

  it('shows the deposit credited as soon as finance approves it, and the balance holds it', async () => {
    const { customer, page } = await customerWith();
    await reportDeposit(server, customer, '1000');
    // The customer's page listens (socket signed in, topic subscribed) before finance acts, so what
    // follows is the push; a review missed while not listening is read again at the next sync.
    const frames = socketFrames(page);
    const synced = socketInSync(page, ['funds.record']);
    await page.goto('/mine/records?tab=deposits');
    await synced;
    const deposit = await waitingRecord(server, finance, 'deposits', customer.user.id);
    await staffCall(server, finance, 'POST', '/admin/api/funds/deposits/approve', { id: deposit.id });
    // Without a reload: the funds.record push replaces the record and the customer is told.
    try {
      await expect.poll(() => chipOf(page, deposit.id), { timeout: 10_000 }).toBe('Completed');
    } catch (error) {
      console.error(`The customer's socket:\n${frames.join('\n')}`);
      throw error;
    }
    await expect
      .poll(() => textOf(page.locator('.adm-toast-main').last()))
      .toBe('Your deposit of 1,000 USDT has been credited: 1,000.00 USDT.');
    expect(await textOf(page.locator(`.record-row[data-record-id="${deposit.id}"]`))).toContain(
      'Credited 1,000.00 USDT',
    );
    await page.goto('/user');
    await expect.poll(() => textOf(page.locator('[data-testid=balance-value]'))).toBe('1,000.00');
  });

  it('opens a market order with the deposited money', async () => {
    const { page } = await customerWith('1000');
    await page.goto('/trade?code=BTCUSDT&period=1M');
    const buy = page.locator('.order-action[data-side=buy]');
    await expect.poll(() => buy.isEnabled()).toBe(true);
    await buy.click();
    await page.locator('.order-form').waitFor();
    await page.locator('.leverage-option[data-leverage="10"]').click();
    await page.locator('.order-submit').click();
    await expect
      .poll(() => textOf(page.locator('.adm-toast-main').last()))
      .toMatch(/Bought 0\.01 lots of BTC\/USDT at [\d,]+\.\d{2}/);
    await page.goto('/order');
    await page.locator('.order-list[data-tab=holding] .order-row').first().waitFor();
  });

  it('binds a TRC20 address from the withdrawal form and withdraws with the expected amount shown', async () => {
    const { customer, page } = await customerWith('1000');
    await page.goto('/user');
    await page.locator('.entry-list .adm-list-item', { hasText: 'Withdraw' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/withdraw');
    await page.getByText('No address added for this currency').waitFor();
    await typeAmount(page, '100');
    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('Set up a collection account first').waitFor();
    // Nothing else is flagged: the dialog is the one message.
    expect(await page.locator('.order-field-error, .funds-field-error').count()).toBe(0);
    await settledDialog(page);
    await keepSettled(page, 'funds-withdraw-bind-first');
    await dialog.getByRole('button', { name: 'Go bind' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/withdraw-way');
    expect(new URL(page.url()).searchParams.get('type')).toBe('1');

    await page.locator('.adm-dialog').waitFor({ state: 'detached' });
    await page.locator('[data-field=dc_address] textarea').first().fill(CUSTOMER_TRC20);
    await keepSettled(page, 'funds-bind-address');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL((url) => url.pathname === '/mine/withdraw');
    const method = page.locator('.method-option.is-chosen');
    await expect.poll(() => textOf(method)).toBe(CUSTOMER_TRC20);

    await typeAmount(page, '100');
    // USDT on TRC20 costs a fixed 1 USDT: (100 - 1) x 1 = 99.00, shown before anything is sent.
    await expect.poll(() => textOf(page.locator('[data-testid=withdraw-receive]'))).toBe('99.00 USDT');
    expect(await textOf(page.locator('[data-testid=withdraw-fee]'))).toBe('1.00 USDT');
    await page.locator('[data-field=memo] textarea').first().fill('First withdrawal');
    await page.locator('[data-field=password] input').fill(PASSWORD);
    await keepSettled(page, 'funds-withdraw');

    await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/mine/records');
    expect(new URL(page.url()).searchParams.get('tab')).toBe('withdrawals');
    const withdrawal = await waitingRecord(server, finance, 'withdrawals', customer.user.id);
    expect(withdrawal).toMatchObject({ number: '100.00', real_number: '99.00', fee: '1.00' });
    await expect.poll(() => chipOf(page, withdrawal.id)).toBe('Under review');
    await keepSettled(page, 'funds-records-withdrawal-waiting');
  });

  it('shows the withdrawal paid as soon as finance pays it, and both records completed', async () => {
    const { customer, page } = await customerWith('1000');
    const address = await bindTrc20Address(server, customer, CUSTOMER_TRC20);
    await requestWithdrawal(server, customer, address, '100', 'First withdrawal');
    // The customer's page listens (socket signed in, topic subscribed) before finance pays.
    const synced = socketInSync(page, ['funds.record']);
    await page.goto('/mine/records?tab=withdrawals');
    await synced;
    const withdrawal = await waitingRecord(server, finance, 'withdrawals', customer.user.id);
    await expect.poll(() => chipOf(page, withdrawal.id)).toBe('Under review');
    await staffCall(server, finance, 'POST', '/admin/api/funds/withdrawals/pay', {
      id: withdrawal.id,
      payout_reference: PAYOUT_HASH,
    });
    await expect.poll(() => chipOf(page, withdrawal.id), { timeout: 10_000 }).toBe('Completed');
    await expect
      .poll(() => textOf(page.locator('.adm-toast-main').last()))
      .toBe('Your withdrawal of 100.00 USDT has been paid.');
    const row = await textOf(page.locator(`.record-row[data-record-id="${withdrawal.id}"]`));
    expect(row).toContain('Paid out 99.00 USDT · TRC20');
    expect(row).toContain('Reference 4f1c2b8e9a…4f3e2d1c0b');
    await keepSettled(page, 'funds-records-withdrawal-paid');

    await page.locator('.funds-tabs .adm-tabs-tab', { hasText: 'Deposits' }).click();
    await page.locator('.record-row').first().waitFor();
    expect(await textOf(page.locator('.record-row .status-chip'))).toBe('Completed');
    await keepSettled(page, 'funds-records-deposit-completed');
  });

  it('keeps the funds screens in Traditional Chinese and Arabic', async () => {
    const customer = await verifiedCustomer(server, compliance);
    await creditDeposit(server, finance, customer, '1000');
    const address = await bindTrc20Address(server, customer, CUSTOMER_TRC20);
    await requestWithdrawal(server, customer, address, '100', 'First withdrawal');
    for (const language of ['hk', 'ar'] as const) {
      const localPhone = await newPhone(browser, server.url, language === 'ar' ? 'ar' : 'zh-HK');
      const local = await signIn(localPhone, customer, language);
      await local.goto('/mine/charge');
      await local.locator('[data-testid=receiving-address]').waitFor();
      expect(await local.evaluate(() => document.documentElement.dir)).toBe(
        language === 'ar' ? 'rtl' : 'ltr',
      );
      await typeAmount(local, '250');
      await keepSettled(local, `funds-deposit-${language}`);
      await local.goto('/mine/withdraw');
      await local.locator('.method-option.is-chosen').waitFor();
      await typeAmount(local, '50');
      await expect.poll(() => textOf(local.locator('[data-testid=withdraw-receive]'))).toBe('49.00 USDT');
      await keepSettled(local, `funds-withdraw-${language}`);
      await local.goto('/mine/records?tab=withdrawals');
      await local.locator('.record-row').first().waitFor();
      await keepSettled(local, `funds-records-${language}`);
      await local.goto('/mine/coin-address-list');
      await local.locator('.method-card').first().waitFor();
      await keepSettled(local, `funds-addresses-${language}`);
      await localPhone.close();
    }
  });
});
