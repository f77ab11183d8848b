import { type Envelope, stubFetch } from './stub-fetch';

/**
 * A page test's server, by path: the answers and refusals a test sets, and every call made, with the
 * form body the test reads back (`Body`: what it keeps of a request's body, null when none).
 */
export type PathServer<Body> = {
  answers: Record<string, unknown>;
  refusals: Record<string, string>;
  calls: { url: URL; body: Body | null }[];
};

/**
 * A refusal is the envelope of code 0 with its message; an answer, code 1 with the answer (a function
 * answer is called with the URL: one that depends on the query); a path with neither fails like a
 * network error.
 */
function envelopeOf(server: PathServer<unknown>, url: URL): Envelope | undefined {
  const refusal = server.refusals[url.pathname];
  if (refusal) return { code: 0, msg: refusal, data: null };
  if (!(url.pathname in server.answers)) return undefined;
  const answer = server.answers[url.pathname];
  const data = typeof answer === 'function' ? (answer as (url: URL) => unknown)(url) : answer;
  return { code: 1, msg: 'success', data };
}

/** Makes `fetch` answer from the server, recording each call; returns what puts the real `fetch` back. */
export function servePaths<Body>(
  server: PathServer<Body>,
  bodyOf: (body: RequestInit['body'] | undefined) => Body | null,
): () => void {
  return stubFetch((url, init) => {
    server.calls.push({ url, body: bodyOf(init?.body) });
    return envelopeOf(server, url);
  });
}
