import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect } from 'vitest';

/** Debian's Chromium, started the way this workplace requires (no downloads, no background traffic). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    env: browserEnvironment(),
  });
}

/**
 * The environment Chromium starts with: this process's, without libfaketime. A run of the suites
 * under `faketime` (a Saturday, README "Tests that hold at any market") moves the server's clock;
 * Chromium's threads spin under the library, so the browser keeps the machine's clock.
 */
function browserEnvironment(): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (value === undefined || name.startsWith('FAKETIME')) continue;
    if (name === 'LD_PRELOAD' && value.includes('faketime')) continue;
    environment[name] = value;
  }
  return environment;
}

/** A phone: 390x844, touch, a mobile user agent. */
export async function newPhone(browser: Browser, baseURL: string, locale = 'en-US'): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale,
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
  });
}

export const SCREENSHOT_DIR = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Keeps a full-page screenshot of what the person sees, for people to look at. */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Opens `path` with the app in `language` (the stored choice, as the language page leaves it). The
 * page must already be on the app's origin (localStorage is per origin).
 */
export async function openInLanguage(page: Page, language: string, path: string): Promise<void> {
  await page.evaluate((chosen) => {
    localStorage.setItem('meridian.language', JSON.stringify({ state: { language: chosen }, version: 1 }));
  }, language);
  await page.goto(path);
}

/** A screenshot once any toast has gone, so it shows the page itself. */
export async function keepSettledScreenshot(page: Page, name: string): Promise<void> {
  await expect.poll(() => page.locator('.adm-toast-mask').count(), { timeout: 10_000 }).toBe(0);
  await keepScreenshot(page, name);
}

/**
 * Resolves when a socket the page opens from now on is signed in and subscribed to `topics`, all in
 * force: a pong received after the login's and the subscriptions' acceptances (the server answers in
 * order). A test that makes the server push waits for this, so the push has somewhere to go.
 */
export function socketInSync(page: Page, topics: readonly string[]): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      let signedIn = false;
      const subscribed = new Set<string>();
      const inForce = () => signedIn && topics.every((topic) => subscribed.has(topic));
      socket.on('framereceived', ({ payload }) => {
        const text = String(payload);
        if (text === 'pong') {
          if (inForce()) resolve();
          return;
        }
        let frame: { type?: string; code?: number; topic?: string };
        try {
          frame = JSON.parse(text);
        } catch {
          return;
        }
        if (frame.type === 'login') signedIn = frame.code === 1;
        else if (frame.type === 'sub' && frame.code === 1 && frame.topic) subscribed.add(frame.topic);
        else if (frame.type === 'pong' && inForce()) resolve();
      });
    });
  });
}

/** Every socket frame the page sends and receives from now on, for a failing test to show. */
export function socketFrames(page: Page): string[] {
  const frames: string[] = [];
  const start = Date.now();
  let sockets = 0;
  page.on('websocket', (socket) => {
    const n = ++sockets;
    const note = (dir: string, payload: string | Buffer) =>
      frames.push(`${Date.now() - start}ms #${n} ${dir} ${String(payload).slice(0, 160)}`);
    socket.on('framesent', ({ payload }) => note('>', payload));
    socket.on('framereceived', ({ payload }) => {
      if (!String(payload).includes('"market.')) note('<', payload);
    });
    socket.on('close', () => frames.push(`${Date.now() - start}ms #${n} closed`));
  });
  return frames;
}
