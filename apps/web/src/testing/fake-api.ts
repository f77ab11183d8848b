/**
 * Stands in for the server in page tests: `fetch` answers each API path with its envelope, and
 * every call is recorded. A path without an answer fails like a network error. An answer that is
 * a `FakeAnswer` function is called with the request's URL (an answer that depends on the query).
 */
export type FakeAnswer = { readonly byUrl: (url: URL) => unknown };

/** An answer computed from the request's URL, e.g. a list filtered by a query field. */
export function answerByUrl(byUrl: (url: URL) => unknown): FakeAnswer {
  return { byUrl };
}

function isFakeAnswer(answer: unknown): answer is FakeAnswer {
  return typeof answer === 'object' && answer !== null && typeof (answer as FakeAnswer).byUrl === 'function';
}

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
    const answer = answers[url.pathname];
    const data = isFakeAnswer(answer) ? answer.byUrl(url) : answer;
    return new Response(JSON.stringify({ code: 1, msg: 'success', data }), {
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
