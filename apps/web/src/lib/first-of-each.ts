/**
 * The items of every loaded page, each once, in order. A list that changes while the reader pages
 * (a new entry on top, an order closing) shifts the pages, so an item can come back on the next
 * page: its first copy is kept, in place.
 */
export function firstOfEach<Item>(pages: readonly (readonly Item[])[], idOf: (item: Item) => number): Item[] {
  const seen = new Set<number>();
  const items: Item[] = [];
  for (const page of pages)
    for (const item of page) {
      const id = idOf(item);
      if (seen.has(id)) continue;
      seen.add(id);
      items.push(item);
    }
  return items;
}
