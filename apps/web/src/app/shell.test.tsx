import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useUserStore } from '../features/auth/stores/user-store';
import { initI18n } from '../lib/i18n';
import { currentPath, renderAppAt } from '../testing/render-app';
import { userFixture } from '../testing/user-fixtures';

const USER = userFixture({ email: 'trader@example.com' });

/** Every route of spec section 2, plus /copy. */
const SPEC_ROUTES = [
  '/',
  '/trade',
  '/order',
  '/user',
  '/news',
  '/news/detail?id=1',
  '/rank',
  '/feedback',
  '/login',
  '/register',
  '/forgot',
  '/product',
  '/language',
  '/mine/auth',
  '/mine/invite',
  '/mine/email',
  '/mine/announcement',
  '/mine/password',
  '/mine/history',
  '/mine/charge',
  '/mine/withdraw',
  '/mine/chat',
  '/mine/system',
  '/mine/wallet',
  '/mine/bank-card-list',
  '/mine/coin-address-list',
  '/mine/withdraw-way?type=1',
  '/copy',
];

beforeAll(async () => {
  // The pages that talk to the server are not under test here: every call just fails quietly.
  globalThis.fetch = (() => Promise.reject(new TypeError('offline in tests'))) as typeof fetch;
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  useUserStore.getState().clear();
  localStorage.clear();
});

describe('app shell', () => {
  it('sends a visitor on a login-only page to /login with the page to come back to', async () => {
    const router = renderAppAt('/mine/withdraw-way?type=2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/mine/withdraw-way?type=2');
  });

  it.each(['/order', '/user', '/copy', '/mine/system'])('guards %s', async (path) => {
    const router = renderAppAt(path);
    await waitFor(() => expect(currentPath(router)).toBe(`/login?from=${encodeURIComponent(path)}`));
  });

  it('registers every route of the spec', async () => {
    useUserStore.getState().setSession({ token: 'token', user: USER });
    for (const path of SPEC_ROUTES) {
      const router = renderAppAt(path);
      // Every page renders its own header (a tab page's or a sub-page's): the page has loaded.
      // A lazy page's first import on a cold cache under load takes longer than waitFor's 1 s.
      await waitFor(
        () => expect(document.querySelector('.app-main .page-nav, .app-main .page')).not.toBeNull(),
        { timeout: 10_000 },
      );
      await waitFor(() => expect(document.title).not.toBe(''), { timeout: 10_000 });
      expect(currentPath(router), path).toBe(path);
      expect(screen.queryByText('Page not found'), path).toBeNull();
      cleanup();
    }
    // 28 pages, a lazy one shown at least 300 ms after its fallback (React's reveal throttle).
  }, 120_000);

  it('shows the tab bar on footer pages only', async () => {
    const router = renderAppAt('/');
    expect(await screen.findByRole('navigation', { name: 'Main sections' })).toBeTruthy();
    await act(() => router.navigate('/news/detail?id=3'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main sections' })).toBeNull());
  });

  it('puts the page in the main landmark, names the back button of a sub-page, and leaves no empty button on a tab page', async () => {
    const router = renderAppAt('/news');
    const main = await screen.findByRole('main');
    await waitFor(() => expect(main.querySelector('.page-nav')).not.toBeNull());
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy();
    await act(() => router.navigate('/'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Back' })).toBeNull());
    for (const button of screen.getAllByRole('button')) {
      expect(button.textContent?.trim() || button.getAttribute('aria-label')).toBeTruthy();
    }
  });

  it('keeps a visited tab page mounted, hidden, when another tab is shown', async () => {
    const router = renderAppAt('/');
    await screen.findByText(
      'Our services are not offered to residents of North Korea, Israel, China, Vanuatu and Cuba.',
    );
    await act(() => router.navigate('/trade'));
    await waitFor(() => expect(document.title).toBe('Trade · Meridian'));
    const banner = screen.getByText(
      'Our services are not offered to residents of North Korea, Israel, China, Vanuatu and Cuba.',
    );
    // Still in the document (kept alive), but hidden by <Activity>.
    expect(banner.closest('.page')?.parentElement).toBeTruthy();
    expect(banner.closest('.home-page') as HTMLElement).toHaveProperty('style.display', 'none');
  });

  it('shows the personal center of a demo user as "Demo account"', async () => {
    useUserStore.getState().setSession({ token: 'token', user: { ...USER, is_demo: 1 } });
    renderAppAt('/user');
    expect(await screen.findByText('Demo account')).toBeTruthy();
    expect(screen.queryByText('trader@example.com')).toBeNull();
    expect(screen.getByText('Reset demo account')).toBeTruthy();
  });
});
