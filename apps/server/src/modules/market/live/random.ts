/**
 * A small seeded generator (mulberry32) and normal draws from it. The simulator must be
 * reproducible from its seed, which Math.random is not; these few lines do not merit a library.
 */
export type Random = { next(): number; normal(): number; state(): number };

/**
 * Normal draws by table: the 2^16 quantiles of the standard normal at (k + 0.5) / 2^16. One
 * uniform draw picks one, which costs a fifth of Box-Muller (the backfill draws tens of millions)
 * and keeps the distribution's mean, variance and shape; tails stop at 4.3 standard deviations,
 * which a price model of a few moves a second does not miss.
 */
const NORMAL_TABLE_BITS = 16;
const NORMAL_TABLE = buildNormalTable(1 << NORMAL_TABLE_BITS);

export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  const bits = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  return {
    next: () => bits() / 4294967296,
    normal: () => NORMAL_TABLE[bits() >>> (32 - NORMAL_TABLE_BITS)] as number,
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

function buildNormalTable(size: number): Float64Array {
  const table = new Float64Array(size);
  for (let index = 0; index < size; index += 1) table[index] = inverseNormal((index + 0.5) / size);
  return table;
}

/** The standard normal quantile (P. J. Acklam's rational approximation, relative error below 1.2e-9). */
function inverseNormal(p: number): number {
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716,
    2.506628277459239,
  ];
  const b = [
    -54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572,
  ];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const [a0, a1, a2, a3, a4, a5] = a as [number, number, number, number, number, number];
  const [b0, b1, b2, b3, b4] = b as [number, number, number, number, number];
  const [c0, c1, c2, c3, c4, c5] = c as [number, number, number, number, number, number];
  const [d0, d1, d2, d3] = d as [number, number, number, number];
  const low = 0.02425;
  if (p < low || p > 1 - low) {
    const q = Math.sqrt(-2 * Math.log(p < low ? p : 1 - p));
    const tail =
      (((((c0 * q + c1) * q + c2) * q + c3) * q + c4) * q + c5) /
      ((((d0 * q + d1) * q + d2) * q + d3) * q + 1);
    return p < low ? tail : -tail;
  }
  const q = p - 0.5;
  const r = q * q;
  return (
    ((((((a0 * r + a1) * r + a2) * r + a3) * r + a4) * r + a5) * q) /
    (((((b0 * r + b1) * r + b2) * r + b3) * r + b4) * r + 1)
  );
}
