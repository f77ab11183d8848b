import type { LedgerLine, LedgerPage } from '@meridian/contract/trading';

/**
 * The entries of the loaded pages, each once. New entries arrive at the top while the reader
 * scrolls, which pushes older ones onto the next page: its first copy is kept.
 */
export function ledgerLinesOf(pages: readonly LedgerPage[]): LedgerLine[] {
  const seen = new Set<number>();
  const lines: LedgerLine[] = [];
  for (const page of pages) {
    for (const line of page.list) {
      if (seen.has(line.Id)) continue;
      seen.add(line.Id);
      lines.push(line);
    }
  }
  return lines;
}
