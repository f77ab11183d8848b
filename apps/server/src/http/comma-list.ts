/**
 * Reads a setting that lists entries separated by commas: the entries, trimmed and without blanks,
 * or the first problem `entryProblem` finds in one.
 */
export function parseCommaList(
  text: string,
  entryProblem: (entry: string) => string | null,
): { entries: string[] } | { problem: string } {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  for (const entry of entries) {
    const problem = entryProblem(entry);
    if (problem) return { problem };
  }
  return { entries };
}
