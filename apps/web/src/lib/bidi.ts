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

/** Unicode FIRST STRONG ISOLATE: the text takes the direction of its own first letter. */
const FSI = '\u2068';

/**
 * A name typed by a person (a trader's display name) put into a translated sentence: isolated, so
 * a Latin name in an Arabic sentence (or the reverse) keeps its own order and does not pull the
 * punctuation around it to the wrong side.
 */
export function isolated(text: string): string {
  return `${FSI}${text}${PDI}`;
}
