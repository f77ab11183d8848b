/**
 * Our own small artwork for news and company logos, served as SVG from
 * /api/content/art/<name>.svg: flat, 64x64, in the app's colours. No text (fonts differ by device).
 */
const frame = (background: string, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${background}"/>${body}</svg>`;

export const CONTENT_ART: Record<string, string> = {
  // Market commentary: a rising line over bars.
  markets: frame(
    '#eff6ff',
    '<rect x="14" y="36" width="7" height="14" rx="2" fill="#93c5fd"/><rect x="25" y="30" width="7" height="20" rx="2" fill="#60a5fa"/><rect x="36" y="24" width="7" height="26" rx="2" fill="#3b82f6"/><path d="M12 30l12-8 10 5 18-13" stroke="#1d4ed8" stroke-width="3.5" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // Central banks and macro: a columned building.
  macro: frame(
    '#f5f3ff',
    '<path d="M32 12l20 10H12z" fill="#7c3aed"/><rect x="15" y="25" width="5" height="20" fill="#a78bfa"/><rect x="25" y="25" width="5" height="20" fill="#a78bfa"/><rect x="34" y="25" width="5" height="20" fill="#a78bfa"/><rect x="44" y="25" width="5" height="20" fill="#a78bfa"/><rect x="12" y="47" width="40" height="5" rx="1" fill="#7c3aed"/>',
  ),
  // Crypto: a hexagon with a chain link.
  crypto: frame(
    '#fff7ed',
    '<path d="M32 10l19 11v22L32 54 13 43V21z" fill="#fb923c"/><path d="M32 18l12 7v14l-12 7-12-7V25z" fill="#fff7ed"/><circle cx="32" cy="32" r="6" fill="#ea580c"/>',
  ),
  // Metals and energy: a bar of gold.
  commodities: frame(
    '#fefce8',
    '<path d="M12 44l7-14h26l7 14z" fill="#f59e0b"/><path d="M19 30l3-7h20l3 7z" fill="#fde68a"/><rect x="12" y="44" width="40" height="5" fill="#b45309"/>',
  ),
  // Product notes: a phone with a chart.
  product: frame(
    '#ecfdf5',
    '<rect x="21" y="10" width="22" height="44" rx="5" fill="#10b981"/><rect x="24" y="15" width="16" height="30" rx="2" fill="#ecfdf5"/><path d="M26 38l4-6 4 3 5-9" stroke="#047857" stroke-width="2.5" fill="none" stroke-linecap="round"/><circle cx="32" cy="49" r="2" fill="#ecfdf5"/>',
  ),
  // Company notices: a shield with a tick.
  company: frame(
    '#f1f5f9',
    '<path d="M32 10l18 7v13c0 12-8 20-18 24-10-4-18-12-18-24V17z" fill="#334155"/><path d="M24 32l6 6 11-12" stroke="#f8fafc" stroke-width="4" fill="none" stroke-linecap="round" stroke-linejoin="round"/>',
  ),
  // Group entities: the Meridian mark (an arc over a horizon) in four colours.
  'entity-markets': frame(
    '#1e3a8a',
    '<path d="M12 42a20 20 0 0140 0" stroke="#fbbf24" stroke-width="5" fill="none"/><rect x="10" y="44" width="44" height="4" rx="2" fill="#f8fafc"/>',
  ),
  'entity-global': frame(
    '#0f766e',
    '<path d="M12 42a20 20 0 0140 0" stroke="#f8fafc" stroke-width="5" fill="none"/><rect x="10" y="44" width="44" height="4" rx="2" fill="#5eead4"/>',
  ),
  'entity-asia': frame(
    '#9f1239',
    '<path d="M12 42a20 20 0 0140 0" stroke="#fde68a" stroke-width="5" fill="none"/><rect x="10" y="44" width="44" height="4" rx="2" fill="#fecdd3"/>',
  ),
  'entity-digital': frame(
    '#312e81',
    '<path d="M12 42a20 20 0 0140 0" stroke="#a5b4fc" stroke-width="5" fill="none"/><rect x="10" y="44" width="44" height="4" rx="2" fill="#f8fafc"/>',
  ),
  'entity-europe': frame(
    '#1e40af',
    '<path d="M12 42a20 20 0 0140 0" stroke="#93c5fd" stroke-width="5" fill="none"/><rect x="10" y="44" width="44" height="4" rx="2" fill="#fef08a"/>',
  ),
};

/** The address of an artwork; `?v=` changes with its drawing so browsers may keep it for a year. */
export function artPath(name: string): string {
  const art = CONTENT_ART[name];
  if (!art) throw new Error(`no content artwork ${name}`);
  let hash = 0;
  for (const character of art) hash = (hash * 31 + character.charCodeAt(0)) >>> 0;
  return `/api/content/art/${name}.svg?v=${hash.toString(36)}`;
}
