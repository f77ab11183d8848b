/** A plain non-negative decimal as staff type a term or a setting ("0.0002", "50"): digits, one point. */
export const PLAIN_NON_NEGATIVE = /^(\d+)(?:\.(\d+))?$/;

/** Compares two plain non-negative decimals (PLAIN_NON_NEGATIVE) exactly, as -1, 0 or 1. */
export function comparePlainDecimals(a: string, b: string): number {
  const [aInt = '', aFrac = ''] = a.split('.');
  const [bInt = '', bFrac = ''] = b.split('.');
  const intA = aInt.replace(/^0+/, '');
  const intB = bInt.replace(/^0+/, '');
  if (intA.length !== intB.length) return intA.length < intB.length ? -1 : 1;
  if (intA !== intB) return intA < intB ? -1 : 1;
  const width = Math.max(aFrac.length, bFrac.length);
  const fracA = aFrac.padEnd(width, '0');
  const fracB = bFrac.padEnd(width, '0');
  if (fracA === fracB) return 0;
  return fracA < fracB ? -1 : 1;
}
