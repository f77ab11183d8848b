/**
 * Stands in for the server in page tests: `fetch` answers each API path with its envelope, and
 * every call is recorded. A path without an answer fails like a network error.
 */
export function installFakeApi(
  answers: Record<string, unknown>,
  options: { pending?: readonly string[] } = {},
) {
  const calls: URL[] = [];
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push(url);
    // A call that never answers, to see what a page shows while it waits.
    if (options.pending?.includes(url.pathname)) return new Promise<Response>(() => {});
    if (!(url.pathname in answers)) throw new TypeError('offline in tests');
    return new Response(JSON.stringify({ code: 1, msg: 'success', data: answers[url.pathname] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    calls,
    callsTo: (path: string) => calls.filter((url) => url.pathname === path),
    restore: () => {
      globalThis.fetch = original;
    },
  };
}
