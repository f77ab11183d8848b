import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv';

describe('csvCell', () => {
  it('quotes a cell a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\t=1')).toBe("'\t=1");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as plain decimals, negative ones included', () => {
    expect(csvCell('1000000.00000000')).toBe('1000000');
    expect(csvCell('-12.50')).toBe('-12.5');
    expect(csvCell(1e21)).toBe('1000000000000000000000');
    expect(csvCell(0.0000001)).toBe('0.0000001');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('quotes separators, quotes and line breaks; blanks stay empty', () => {
    expect(csvCell('Smith, John')).toBe('"Smith, John"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(true)).toBe('true');
    expect(csvCell('陳大文')).toBe('陳大文');
  });
});

describe('csvText', () => {
  it('writes a header and one CRLF-ended line a row', () => {
    expect(
      csvText(
        ['Name', 'Amount'],
        [
          ['=cmd', '10.00'],
          ['Bob', -3],
        ],
      ),
    ).toBe("Name,Amount\r\n'=cmd,10\r\nBob,-3\r\n");
  });
});
