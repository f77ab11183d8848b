import type { SessionData } from '@meridian/contract/auth';
import type { Instrument } from '@meridian/contract/market';
import type { Order } from '@meridian/contract/trading';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, demoSession } from './personal-center';
import type { RunningServer } from './server';

// Set-up the trading, terminal, market and live-state browser tests share: each test
// makes its own customer, its own orders and its own page, so it holds alone and in any order.

let customers = 0;

/** A new demo customer (a device id no other test uses): 100,000 of virtual balance, no orders. */
export function freshDemo(server: RunningServer, label: string): Promise<SessionData> {
  customers += 1;
  return demoSession(server, `e2e-${label}-${process.pid}-${Date.now()}-${customers}`);
}

/** The instrument with this code, as the trade list gives it. */
export async function instrument(server: RunningServer, code: string): Promise<Instrument> {
  const list = await apiCall<Instrument[]>(server, 'GET', '/v1/api/forex/trade_list');
  const found = list.data.find((entry) => entry.Code === code);
  if (!found) throw new Error(`${code} is not traded`);
  return found;
}

/** An API call as `session` that must succeed; its data. */
export async function tradeCall<T>(
  server: RunningServer,
  session: SessionData,
  path: string,
  fields: Record<string, string | number>,
): Promise<T> {
  const answer = await apiCall<T>(server, 'POST', path, fields, session.token);
  if (answer.code !== 1) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

/**
 * A BTC/USDT order opened over HTTP as the trade page sends it: a market buy of `lots` at the
 * instrument's first leverage unless told otherwise.
 */
export async function openBtcOrder(
  server: RunningServer,
  session: SessionData,
  options: { lots?: string; side?: 'buy' | 'sell'; leverage?: number } = {},
): Promise<Order> {
  const btc = await instrument(server, 'BTCUSDT');
  return tradeCall<Order>(server, session, '/v1/api/forex/submit', {
    type: options.side === 'sell' ? 2 : 1,
    status: 1,
    cont: options.lots ?? '0.01',
    forex_id: btc.Id,
    multiple: options.leverage ?? btc.HasForexMultiple[0]?.Value ?? 0,
  });
}

/** Opens the app's origin in `context` with `language` stored (no one signed in). */
export async function visitorPage(context: BrowserContext, language = 'en'): Promise<Page> {
  const page = await context.newPage();
  await page.goto('/');
  await page.evaluate(
    (chosen) =>
      localStorage.setItem('meridian.language', JSON.stringify({ state: { language: chosen }, version: 1 })),
    language,
  );
  return page;
}
