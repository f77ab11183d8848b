/**
 * True when a query failed on a unique constraint (SQLSTATE 23505). node-postgres and PGlite both
 * put the code on their error; drizzle wraps that error in its own and keeps it as the cause.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') {
      return constraint === undefined || candidate.constraint === constraint;
    }
    current = candidate.cause;
  }
  return false;
}
