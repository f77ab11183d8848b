import type { LedgerLine, LedgerPage } from '@meridian/contract/trading';
import { firstOfEach } from '../../../lib/first-of-each';

/**
 * The entries of the loaded pages, each once. New entries arrive at the top while the reader
 * scrolls, which pushes older ones onto the next page: its first copy is kept.
 */
export function ledgerLinesOf(pages: readonly LedgerPage[]): LedgerLine[] {
  return firstOfEach(
    pages.map((page) => page.list),
    (line) => line.Id,
  );
}
