/** The part of an area's declaration its place in the start order depends on. */
export type AreaNeeds = { readonly name: string; readonly needs: readonly string[] };

/**
 * The areas in an order where each comes after every area it needs. The sort is stable: among the
 * areas free to go next, the earliest in the given list goes first, so a list already in a valid
 * order comes back unchanged and only a need moves anything. Refuses, naming the areas, a name given
 * twice, a need of an area that is not in the list and a circular need: any of them would mount an
 * area before what it relies on.
 */
export function orderAreas<A extends AreaNeeds>(areas: readonly A[]): A[] {
  const names = new Set<string>();
  for (const area of areas) {
    if (names.has(area.name)) throw new Error(`area "${area.name}" is listed twice`);
    names.add(area.name);
  }
  for (const area of areas) {
    const missing = area.needs.filter((need) => !names.has(need));
    if (missing.length > 0)
      throw new Error(
        `area "${area.name}" needs ${missing.map((name) => `"${name}"`).join(', ')}, which is not in the list of areas`,
      );
  }
  const placed = new Set<string>();
  const ordered: A[] = [];
  let waiting = [...areas];
  while (waiting.length > 0) {
    const next = waiting.find((area) => area.needs.every((need) => placed.has(need)));
    if (next === undefined) throw new Error(`circular need between areas: ${cycleOf(waiting).join(' -> ')}`);
    ordered.push(next);
    placed.add(next.name);
    waiting = waiting.filter((area) => area !== next);
  }
  return ordered;
}

/**
 * A cycle among areas none of which can go next: each waits for a need that is itself waiting, so
 * following unplaced needs from any of them must come back to an area already visited.
 */
function cycleOf(waiting: readonly AreaNeeds[]): string[] {
  const byName = new Map(waiting.map((area) => [area.name, area]));
  const path: string[] = [];
  let current = waiting[0];
  while (current !== undefined && !path.includes(current.name)) {
    path.push(current.name);
    current = byName.get(current.needs.find((need) => byName.has(need)) ?? '');
  }
  if (current === undefined) return path;
  return [...path.slice(path.indexOf(current.name)), current.name];
}
