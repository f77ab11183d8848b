/**
 * A small seeded generator (mulberry32) and a normal draw from it. The simulator must be
 * reproducible from its seed, which Math.random is not; these few lines do not merit a library.
 */
export type Random = { next(): number; normal(): number; state(): number };

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    // Box-Muller; 1 - next() keeps the logarithm's argument above zero.
    normal: () => Math.sqrt(-2 * Math.log(1 - next())) * Math.cos(2 * Math.PI * next()),
    state: () => state,
  };
}

/** A stable 32-bit hash of a text (FNV-1a), to derive one stream per instrument from one seed. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
