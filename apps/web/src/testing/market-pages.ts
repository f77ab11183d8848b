import { afterEach, beforeAll, beforeEach } from 'vitest';
import { useCurrentInstrumentStore } from '../features/market/stores/current-instrument-store';
import { useLiveQuotesStore } from '../features/market/stores/live-quotes-store';
import { installFakeApi } from './fake-api';
import type { fakeSocketFactory } from './fake-web-socket';
import { startTestApp } from './start-test-app';
import { unmountApp } from './unmount-app';

type FakeApi = ReturnType<typeof installFakeApi>;

/**
 * The market pages' tests: the app started on `sockets`, a fake server answering `answers` in each
 * test, and the page, the server, storage and the market stores cleared after it.
 */
export function installMarketPages(
  answers: Record<string, unknown>,
  sockets: ReturnType<typeof fakeSocketFactory>,
) {
  let api: FakeApi | undefined;
  beforeAll(() => startTestApp({ sockets }));
  beforeEach(() => {
    api = installFakeApi(answers);
  });
  afterEach(async () => {
    await unmountApp();
    api?.restore();
    localStorage.clear();
    useLiveQuotesStore.setState({ quotes: {} });
    useCurrentInstrumentStore.setState({ code: null });
  });
  return {
    /** The running test's fake server. */
    get api(): FakeApi {
      if (!api) throw new Error('no test is running');
      return api;
    },
    /** The same answers, except that these paths never answer (to see what a page shows meanwhile). */
    withPending(paths: readonly string[]): void {
      api?.restore();
      api = installFakeApi(answers, { pending: paths });
    },
  };
}
