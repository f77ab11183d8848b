import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningServer } from './server';

/**
 * Per-test set-up for the back-office browser tests: each test opens its own desk (a
 * fresh browser context, so a language chosen or a sign-out in one test is not seen by another)
 * and waits for states, never for time.
 */

/** Opened desks, so afterEach/afterAll can close them. */
export type Desks = BrowserContext[];

/** A laptop's screen, the back office's usual desk. */
export const LAPTOP = { width: 1440, height: 900 };
/** A phone's screen (the browser tests' phone size). */
export const PHONE = { width: 390, height: 844 };

/**
 * A back-office desk at a laptop's 1440x900 (or the screen given) in English, signed in as this
 * staff member when a token is given (the token the API gave, as the sign-in page stores it).
 */
export async function openDesk(
  browser: Browser,
  server: RunningServer,
  desks: Desks,
  token?: string,
  viewport: { width: number; height: number } = LAPTOP,
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: server.url,
    viewport,
    locale: 'en-US',
  });
  desks.push(context);
  if (token) {
    await context.addInitScript((stored) => sessionStorage.setItem('meridian.admin.token', stored), token);
  }
  return context.newPage();
}

/** Closes every desk opened so far (the list is emptied). */
export async function closeDesks(desks: Desks): Promise<void> {
  for (const context of desks.splice(0)) await context.close();
}

/**
 * Resolves once nothing on the page is moving (no running finite animation or transition: a
 * segmented control's thumb, a tab's ink bar, a drawer or a fade), so a screenshot shows the end state.
 */
export async function motionSettled(page: Page): Promise<void> {
  const moving = () =>
    page.evaluate(
      () =>
        document
          .getAnimations()
          .filter(
            (animation) =>
              animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
          ).length,
    );
  await expect.poll(moving, { timeout: 10_000 }).toBe(0);
}

/** A unique suffix for names a test makes (e-mails, titles), so no two tests share one. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}
