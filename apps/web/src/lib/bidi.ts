/** Unicode LEFT-TO-RIGHT ISOLATE and POP DIRECTIONAL ISOLATE. */
const LRI = '\u2066';
const PDI = '\u2069';

/**
 * A number, price or code put into a translated sentence, kept left to right as one piece: in
 * Arabic a bare "-1.58 USDT" would otherwise show its minus sign at the far end ("1.58-"). The
 * isolate marks are invisible. For markup, `<bdi dir="ltr">` does the same.
 */
export function ltr(text: string | number): string {
  return `${LRI}${text}${PDI}`;
}
