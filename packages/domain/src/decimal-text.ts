import { type DecimalValue, toDecimal } from './money';

/**
 * Reads customer input as a decimal without throwing: a finite decimal, or undefined for anything
 * else (empty text, words, NaN, Infinity). Binary floats from JSON are read by their shortest text
 * (0.1 reads as exactly 0.1), which is what the customer typed.
 */
export function readDecimal(input: string | number): DecimalValue | undefined {
  if (typeof input === 'number' && !Number.isFinite(input)) return undefined;
  const text = String(input).trim();
  if (text === '') return undefined;
  try {
    const value = toDecimal(text);
    return value.isFinite() ? value : undefined;
  } catch {
    return undefined;
  }
}
