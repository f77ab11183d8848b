/**
 * Our own artwork for instruments no icon package draws: bullion bars for metals, a barrel and a
 * flame for energy. 64x64, flat, in the colours of the commodity.
 */
function bullion(light: string, mid: string, dark: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#f3f4f6"/><g transform="translate(32 35) scale(1.45) translate(-32 -35)"><path d="M14 42l6-12h24l6 12z" fill="${mid}"/><path d="M20 30l3-6h18l3 6z" fill="${light}"/><path d="M14 42h36v4H14z" fill="${dark}"/><path d="M26 36l2-4h8l2 4z" fill="${light}" opacity=".7"/></g></svg>`;
}

function barrel(body: string, band: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#f3f4f6"/><g transform="translate(32 32) scale(1.3) translate(-32 -32)"><rect x="19" y="14" width="26" height="36" rx="5" fill="${body}"/><rect x="19" y="22" width="26" height="3" fill="${band}"/><rect x="19" y="39" width="26" height="3" fill="${band}"/><path d="M32 27c3 4 4 6 4 8a4 4 0 01-8 0c0-2 1-4 4-8z" fill="#fbbf24"/></g></svg>`;
}

const FLAME =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><circle cx="32" cy="32" r="32" fill="#eff6ff"/><path d="M32 12c8 9 14 16 14 24a14 14 0 01-28 0c0-5 3-9 6-12 0 4 2 7 5 8-1-7 1-13 3-20z" fill="#2563eb"/><path d="M32 30c4 5 6 8 6 11a6 6 0 01-12 0c0-3 2-6 6-11z" fill="#93c5fd"/></svg>';

export const LOGO_ART: Record<string, string> = {
  gold: bullion('#fde68a', '#f59e0b', '#b45309'),
  silver: bullion('#f1f5f9', '#cbd5e1', '#64748b'),
  platinum: bullion('#e0e7ff', '#a5b4fc', '#4338ca'),
  oil: barrel('#1f2937', '#4b5563'),
  brent: barrel('#7c2d12', '#c2410c'),
  gas: FLAME,
};
