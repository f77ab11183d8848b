import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { keepScreenshot, launchBrowser, newPhone } from './support/browser';
import { pixelsOf, signIn } from './support/personal-center';
import { type RunningServer, startServer } from './support/server';
import { freshDemo } from './support/trading-setup';

// The chart's corners: the chart library's logo (a 44 px tap target) covers no volume bar,
// the price axis's top label is whole, and on the Arabic desktop the OHLC line covers no price label.

const TRADE_PATH = '/trade?code=BTCUSDT&period=1M';
let server: RunningServer;
let browser: Browser;
const windows: BrowserContext[] = [];

beforeAll(async () => {
  server = await startServer({ market: { backfill: { minuteDays: 1, dayDays: 30 } } });
  browser = await launchBrowser();
});

afterEach(async () => {
  for (const context of windows.splice(0)) await context.close();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The trade page with its chart drawn (bars in, nothing loading over it). */
async function chartPage(context: BrowserContext, language: string): Promise<Page> {
  windows.push(context);
  const page = await signIn(context, await freshDemo(server, 'chart'), language);
  await page.goto(TRADE_PATH);
  await page.locator('.kline-canvas canvas').first().waitFor();
  await expect.poll(() => page.locator('.kline-overlay').count()).toBe(0);
  await page.mouse.move(1, 1);
  return page;
}

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).first().boundingBox();
  if (!box) throw new Error(`${selector} is not shown`);
  return box;
}

/**
 * Reads the chart as drawn: the canvas frame's pixels (device pixels, `scale` per CSS pixel) and
 * where its parts are: the pane (candles and volume), the price axis on its right, the time axis under it.
 */
async function chartPicture(page: Page) {
  const frame = await boxOf(page, '.kline-canvas');
  const pane = await boxOf(page, '.kline-canvas table tr:first-child td:nth-child(2)');
  const png = await page.screenshot({ clip: frame });
  const pixels = await pixelsOf(png);
  const scale = pixels.width / frame.width;
  const at = (x: number, y: number) => {
    const i = (Math.round(y * scale) * pixels.width + Math.round(x * scale)) * 4;
    return [pixels.data[i] ?? 255, pixels.data[i + 1] ?? 255, pixels.data[i + 2] ?? 255] as const;
  };
  /** A bar's colour (green or red), not the white ground, the grey grid or the axes' grey text. */
  const coloured = (x: number, y: number) => {
    const [r, g, b] = at(x, y);
    return Math.max(r, g, b) - Math.min(r, g, b) > 40;
  };
  /** The axes' text (grey on white). */
  const ink = (x: number, y: number) => {
    const [r, g, b] = at(x, y);
    return (r + g + b) / 3 < 170;
  };
  return {
    frame,
    pane: { x: pane.x - frame.x, y: pane.y - frame.y, width: pane.width, height: pane.height },
    coloured,
    ink,
  };
}

/** The library's logo covers no volume bar: the bars stand above the logo's mark, across the pane. */
async function expectLogoClearOfBars(page: Page): Promise<void> {
  const logo = await boxOf(page, '.kline-canvas a#tv-attr-logo');
  // Pressable: a 44 px box (the tap-target rule).
  expect(logo.width).toBeGreaterThanOrEqual(44);
  expect(logo.height).toBeGreaterThanOrEqual(44);
  const mark = await boxOf(page, '.kline-canvas a#tv-attr-logo svg');
  const picture = await chartPicture(page);
  const top = mark.y - picture.frame.y;
  const bottom = picture.pane.y + picture.pane.height - 1;
  const barsBesideTheMark: string[] = [];
  for (let y = Math.ceil(top); y < bottom; y += 1) {
    for (let x = picture.pane.x + 1; x < picture.pane.x + picture.pane.width - 1; x += 1) {
      if (picture.coloured(x, y)) barsBesideTheMark.push(`${x},${y}`);
    }
  }
  expect(barsBesideTheMark.slice(0, 5)).toEqual([]);
}

/**
 * The price axis's first (top) label is whole: no text touches the pane's top edge.
 */
async function expectTopPriceLabelWhole(page: Page): Promise<void> {
  const picture = await chartPicture(page);
  const axisLeft = picture.pane.x + picture.pane.width + 1;
  const touchingTop: number[] = [];
  for (let x = axisLeft; x < picture.frame.width - 1; x += 1) if (picture.ink(x, 0.5)) touchingTop.push(x);
  expect(touchingTop).toEqual([]);
}

/**
 * The time axis's leftmost label is never cut at the edge: while the chart scrolls a few pixels at a
 * time (a sideways wheel; 40 steps carry more than one label past the left edge), the axis's first
 * pixels hold no text.
 */
async function expectTimeAxisEdgeClean(page: Page): Promise<void> {
  const start = await chartPicture(page);
  const over = {
    x: start.frame.x + start.pane.x + start.pane.width / 2,
    y: start.frame.y + start.pane.y + 40,
  };
  const cut: string[] = [];
  for (let step = 0; step < 40; step += 1) {
    await page.mouse.move(over.x, over.y);
    await page.mouse.wheel(-8, 0);
    await page.mouse.move(1, 1);
    const picture = await chartPicture(page);
    const axisTop = picture.pane.y + picture.pane.height + 1;
    for (let y = axisTop; y < picture.frame.height - 1; y += 1) {
      for (let x = picture.pane.x; x < picture.pane.x + 3; x += 1) {
        if (picture.ink(x, y)) cut.push(`step ${step}: ${x},${y}`);
      }
    }
  }
  expect(cut.slice(0, 5)).toEqual([]);
}

describe('the chart', () => {
  it('on a phone: the logo covers no volume bar and the top price label is whole', async () => {
    const page = await chartPage(await newPhone(browser, server.url), 'en');
    await keepScreenshot(page, 'chart-phone-en');
    await expectLogoClearOfBars(page);
    await expectTopPriceLabelWhole(page);
  });

  it('on a phone: the time axis shows no label cut at its left edge while the chart scrolls', async () => {
    const page = await chartPage(await newPhone(browser, server.url), 'en');
    await expectTimeAxisEdgeClean(page);
    await keepScreenshot(page, 'chart-phone-scrolled');
  });

  it('on the Arabic desktop: the OHLC line covers no price label', async () => {
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 1440, height: 900 },
      deviceScaleFactor: 1,
      locale: 'ar',
    });
    const page = await chartPage(context, 'ar');
    await keepScreenshot(page, 'chart-desktop-ar');
    const legend = await boxOf(page, '.terminal-chart .chart-legend');
    const canvas = await boxOf(page, '.terminal-chart .kline-canvas');
    expect(legend.y + legend.height).toBeLessThanOrEqual(canvas.y + 0.5);
    await expectLogoClearOfBars(page);
    await expectTopPriceLabelWhole(page);
  });
});
