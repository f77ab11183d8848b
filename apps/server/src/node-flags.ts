/**
 * The Node.js options the server runs with: `npm start` passes them, and so must anything that
 * starts `apps/server/dist/main.js` itself (docs/operations.md). The server warns at start when one
 * is missing.
 *
 * A young generation of 128 MB (V8's default is 16 MB): a batch of stop closes keeps two batches of
 * 1,000 orders, their ledger entries and pushes alive while their SQL runs, longer than the default
 * lets an object stay young, so most of it was copied into the old generation and collected there.
 * With it, a quote crossing 10,000 stops is closed about a tenth sooner (bench/tick-to-fill), at the
 * cost of up to 256 MB more memory while the server allocates fastest.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128'] as const;

/** The server's options this process was started without (its own arguments or NODE_OPTIONS). */
export function missingNodeFlags(
  execArgv: readonly string[] = process.execArgv,
  nodeOptions: string | undefined = process.env.NODE_OPTIONS,
): string[] {
  const given = new Set([...execArgv, ...(nodeOptions ?? '').split(/\s+/)]);
  return SERVER_NODE_FLAGS.filter((flag) => !given.has(flag));
}
