/**
 * What a price or lots box keeps of a keystroke: digits and one decimal point. A comma is read as
 * the point, since many phone keypads (German, French, Russian...) offer only a comma.
 */
export function decimalInputText(raw: string): string {
  const text = raw.replace(/,/g, '.').replace(/[^\d.]/g, '');
  const point = text.indexOf('.');
  if (point === -1) return text;
  return `${text.slice(0, point + 1)}${text.slice(point + 1).replace(/\./g, '')}`;
}
