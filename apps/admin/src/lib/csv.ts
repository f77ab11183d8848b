import { plainDecimal } from '@meridian/domain/money';

/**
 * CSV files of the back office's lists, built in the browser from the rows the screen holds.
 * A spreadsheet runs a cell that starts with = + - or @ as a formula (and a tab or carriage return
 * in front does not stop some of them), so such a cell gets a leading quote and is read as text.
 * A number is written as a plain decimal (no grouping, no exponent, no trailing zeros), the way a
 * spreadsheet reads it back exactly; a negative number is a number, not a formula.
 */

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell's text, escaped for the file. */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text: string;
  if (typeof value === 'number') text = Number.isFinite(value) ? plainDecimal(String(value)) : '';
  else if (typeof value === 'boolean') text = value ? 'true' : 'false';
  else if (PLAIN_DECIMAL.test(value.trim())) text = plainDecimal(value.trim());
  else text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: a header line, then one line a row, lines ended by CRLF as RFC 4180 has it. */
export function csvText(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows]
    .map((line) => line.map(csvCell).join(','))
    .join('\r\n')
    .concat('\r\n');
}

/**
 * Hands the file to the browser as a download. The byte-order mark tells spreadsheet programs the
 * file is UTF-8 (Chinese names and text would otherwise arrive garbled).
 */
export function downloadCsv(fileName: string, text: string): void {
  const blob = new Blob([`\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
