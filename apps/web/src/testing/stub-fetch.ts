/** The server's envelope around every answer. */
export type Envelope = { code: number; msg: string; data: unknown };

/**
 * Replaces `fetch` for a page test: each call is answered with the envelope `answer` gives; a call
 * it gives none fails like a network error. Returns what puts the real `fetch` back.
 */
export function stubFetch(
  answer: (url: URL, init: RequestInit | undefined) => Envelope | undefined,
): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const envelope = answer(new URL(String(input), 'http://localhost'), init);
    if (!envelope) throw new TypeError('offline in tests');
    return new Response(JSON.stringify(envelope), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  }) as typeof fetch;
  return () => {
    globalThis.fetch = original;
  };
}
