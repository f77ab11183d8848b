import { randomUUID } from 'node:crypto';
import type { SessionData } from '@meridian/contract/auth';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { apiCall, demoSession, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { openBtcOrder } from './support/trading-setup';

// Every tap target of the customer app is at least 44x44 CSS px at a phone's
// 390x844 (Apple's and WCAG 2.5.5's size): each visible button, link, tab and switch of the main
// pages is measured, a customer with an open position, a pending order and a copied trader.

const MIN_SIZE = 44;
let server: RunningServer;
let browser: Browser;
const phones: BrowserContext[] = [];

/** What a finger can press: links, buttons, tabs, switches and the UI kit's clickable parts. */
const TAP_TARGETS = [
  'a[href]',
  'button',
  '[role=button]',
  '[role=tab]',
  '[role=switch]',
  '[role=checkbox]',
  '[role=radio]',
  '[role=link]',
  '.adm-tab-bar-item',
  '.adm-tabs-tab',
  '.adm-capsule-tabs-tab',
  '.adm-selector-item',
].join(',');

type Small = { target: string; width: number; height: number };

/** The visible tap targets of the page smaller than MIN_SIZE in either direction. */
function smallTargets(page: Page): Promise<Small[]> {
  return page.evaluate(
    ({ selector, min }) => {
      const describe = (element: Element) => {
        const classes = [...element.classList].slice(0, 3).join('.');
        const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 30);
        const label = element.getAttribute('aria-label') ?? '';
        return `${element.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text || label}"`;
      };
      const small: { target: string; width: number; height: number }[] = [];
      for (const element of document.querySelectorAll(selector)) {
        // A target inside another target is the same press (an icon inside its button).
        if (element.parentElement?.closest(selector)) continue;
        const box = element.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || style.pointerEvents === 'none') continue;
        if (element.closest('[aria-hidden=true], [inert]')) continue;
        if (box.width < min - 0.5 || box.height < min - 0.5)
          small.push({
            target: describe(element),
            width: Math.round(box.width),
            height: Math.round(box.height),
          });
      }
      return small;
    },
    { selector: TAP_TARGETS, min: MIN_SIZE },
  );
}

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const phone of phones.splice(0)) await phone.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function call<T>(session: SessionData, path: string, fields: Record<string, string | number>) {
  const answer = await apiCall<T>(server, 'POST', path, fields, session.token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/** A listed trader (one closed order) and a customer copying it, with a position and a pending order. */
async function customerWithEverything(): Promise<SessionData> {
  const trader = await demoSession(server, `tap-trader-${randomUUID()}`);
  const first = await openBtcOrder(server, trader);
  await call(trader, '/v1/api/forex/close', { id: first.Id });
  const listed = await call<{ trader_id: number }>(trader, '/api/follow/opt_in', {
    display_name: `Tap Desk ${Date.now() % 100000}`,
  });
  const customer = await demoSession(server, `tap-customer-${randomUUID()}`);
  await call(customer, '/api/follow/follow', {
    trader_id: listed.trader_id,
    mode: 2,
    amount: '1000',
    stop_loss_percent: '50',
  });
  await openBtcOrder(server, customer);
  return customer;
}

/** Opens `path` and waits for what shows the page is drawn. */
async function visit(page: Page, path: string, ready: string): Promise<void> {
  await page.goto(path);
  await page.locator(ready).first().waitFor();
  await expect.poll(() => page.locator('.adm-toast-mask, .adm-skeleton').count()).toBe(0);
}

describe('tap targets at 390x844', () => {
  it('every visible button, link and tab of the main pages is at least 44x44', async () => {
    const customer = await customerWithEverything();
    const phone = await newPhone(browser, server.url);
    phones.push(phone);
    const page = await signIn(phone, customer);
    const pages: [string, string, string][] = [
      ['/', '.instrument-row', 'tap-home'],
      ['/trade?code=BTCUSDT&period=1M', '.order-action', 'tap-trade'],
      ['/order', '.order-row', 'tap-orders'],
      ['/copy', '.follow-card-actions', 'tap-copy'],
      ['/rank', '.adm-tabs-tab', 'tap-rank'],
      ['/user', '.balance-eye', 'tap-user'],
    ];
    const found: Record<string, Small[]> = {};
    for (const [path, ready, shot] of pages) {
      await visit(page, path, ready);
      await keepScreenshot(page, shot);
      const small = await smallTargets(page);
      if (small.length > 0) found[path] = small;
    }
    expect(found).toEqual({});
  });
});
