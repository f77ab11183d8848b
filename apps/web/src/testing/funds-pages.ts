import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { configureApiClient } from '../lib/api-client';
import { toastNotifier } from '../lib/toast-notifier';
import { fakeSocketFactory } from './fake-web-socket';
import { type PathServer, servePaths } from './path-server';
import { plain } from './plain-text';
import { startTestApp } from './start-test-app';
import { unmountApp } from './unmount-app';

/**
 * The funds page tests' server: answers by path (set per test through fundsApi), refusals by path,
 * and every call with its form body recorded. Each test file calls installFundsPages() at its top.
 */
export const fundsApi: PathServer<URLSearchParams | FormData> = { answers: {}, refusals: {}, calls: [] };

export const fundsSockets = fakeSocketFactory();

let restoreFetch: () => void = () => {};

/** The form bodies posted to a path, in order. */
export const postsTo = (path: string) =>
  fundsApi.calls
    .filter((call) => call.url.pathname === path && call.body instanceof URLSearchParams)
    .map((call) => Object.fromEntries((call.body as URLSearchParams).entries()));

export const callsTo = (path: string) => fundsApi.calls.filter((call) => call.url.pathname === path);

/** Finds text as the reader sees it, without the isolate marks around numbers and names. */
export const findPlain = (text: string | RegExp) =>
  screen.findByText(text, { normalizer: (raw) => plain(raw).replace(/\s+/g, ' ').trim() });

/** Types into the box of a funds form field (data-field). */
export function typeInto(field: string, value: string): void {
  const box = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
    `[data-field="${field}"] input, [data-field="${field}"] textarea`,
  );
  if (!box) throw new Error(`no ${field} box`);
  fireEvent.change(box, { target: { value } });
}

/** The text of a field's error line, or '' when it has none. */
export const fieldError = (field: string) =>
  plain(
    document.querySelector(
      `[data-field="${field}"] .order-field-error, [data-field="${field}"] .funds-field-error`,
    )?.textContent,
  );

/** Types each amount in turn and waits for the amount box to give its message about it. */
export async function expectAmountMessages(cases: readonly (readonly [amount: string, message: string])[]) {
  for (const [amount, message] of cases) {
    typeInto('amount', amount);
    await waitFor(() => expect(fieldError('amount')).toBe(message));
  }
}

/** The newest toast on screen, as read. */
export const toastText = () => plain([...document.querySelectorAll('.adm-toast-main')].at(-1)?.textContent);

/** Signs a real (not demo) customer in, as a stored session would at start. */
export function logInRealUser(id = 7): void {
  useUserStore.setState({
    token: 'token-real',
    user: {
      id,
      uid: '87654321',
      email: 'ana@example.com',
      mobile: '',
      area_code: '',
      is_demo: 0,
      invite_code: 'REALCODE',
      invited_count: 0,
      created_at: '2026-11-21T00:00:00.000Z',
    },
  });
}

export function installFundsPages(): void {
  beforeAll(async () => {
    await startTestApp({ antdRender: true, sockets: fundsSockets });
    // The server's refusals are toasted as in the app (the spec's error catalogue).
    configureApiClient({ notifier: toastNotifier });
    // jsdom has no object URLs; the uploader previews a picked file with one while it uploads.
    URL.createObjectURL = () => 'blob:preview';
    URL.revokeObjectURL = () => {};
  });

  beforeEach(() => {
    fundsApi.answers = {};
    fundsApi.refusals = {};
    fundsApi.calls = [];
    restoreFetch = servePaths(fundsApi, (body) =>
      body instanceof URLSearchParams || body instanceof FormData ? body : null,
    );
  });

  afterEach(async () => {
    await unmountApp();
    restoreFetch();
    localStorage.clear();
    useUserStore.setState({ token: null, user: null });
  });
}
