/** Error-level lines the app logged (a 500, an engine failure): the fuzz's quiet oracle. */
export type LogCapture = { errors: string[] };

const PINO_ERROR_LEVEL = 50;

type LoggedError = { message?: string; cause?: LoggedError };

/**
 * What a logged error says, short: its first line (a failed query's SQL cut after 80 characters)
 * and its causes' messages (the app's serializer masks the values in them).
 */
function summaryOf(error: LoggedError | undefined): string {
  const parts: string[] = [];
  for (let current = error, depth = 0; current && depth < 4; current = current.cause, depth += 1) {
    const firstLine = (current.message ?? '').split('\n')[0] ?? '';
    parts.push(firstLine.length > 80 ? `${firstLine.slice(0, 80)}...` : firstLine);
  }
  return parts.join(': ');
}

export function captureLogs(capture: LogCapture) {
  return {
    level: 'warn',
    stream: {
      write(line: string) {
        try {
          const entry = JSON.parse(line) as { level?: number; msg?: string; err?: LoggedError };
          if ((entry.level ?? 0) >= PINO_ERROR_LEVEL)
            capture.errors.push(`${entry.msg ?? ''}: ${summaryOf(entry.err)}`.slice(0, 500));
        } catch {
          capture.errors.push(line.slice(0, 500));
        }
      },
    },
  };
}
