/**
 * A wire code is compared by its contract name (`row.status ===
 * FUNDS_STATUS.unchecked`), never as a bare number (`row.status === 0`), so a reader sees what the
 * code means and a search finds every reader of it. This is the rule as a pure function of a file's
 * text, so a test can check it on the real source and on a made-up one.
 *
 * It looks at properties whose names are wire-code fields: a bare variable of the same name is too
 * often something else (an HTTP status, a count) to judge by its name alone.
 */

/** `a.field === 1`, `a?.field !== 0` (optional chaining included). */
function fieldThenNumber(fields: readonly string[]): RegExp {
  return new RegExp(String.raw`\.(${fields.join('|')})\s*(===|!==|==|!=)\s*-?\d`, 'g');
}

/** `1 === a.field`. */
function numberThenField(fields: readonly string[]): RegExp {
  return new RegExp(
    String.raw`(?<![\w.])-?\d+\s*(===|!==|==|!=)\s*[\w$.?\]\[]*\.(${fields.join('|')})\b(?!\s*\()`,
    'g',
  );
}

/** `switch (a.field) {`: its numeric cases are comparisons too. */
function switchOnField(fields: readonly string[]): RegExp {
  return new RegExp(String.raw`switch\s*\(\s*[\w$.?\]\[]*\.(${fields.join('|')})\s*\)\s*\{`, 'g');
}

/** Where the block that opens at `open` (a `{`) closes; the text's end when it never does. */
function blockEnd(text: string, open: number): number {
  let depth = 0;
  for (let at = open; at < text.length; at += 1) {
    if (text[at] === '{') depth += 1;
    else if (text[at] === '}') {
      depth -= 1;
      if (depth === 0) return at;
    }
  }
  return text.length;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

/** Comments say which number a code is (`// 0 coin, 1 bank`): only code counts. */
function withoutComments(text: string): string {
  // Block comments and line comments become spaces of the same length, so indices keep their lines.
  return text.replace(/\/\*[\s\S]*?\*\/|\/\/[^\n]*/g, (comment) => comment.replace(/[^\n]/g, ' '));
}

/**
 * Every numeric comparison against a wire-code field in one file, as `file:line: code`. `file` is
 * only named in the message.
 */
export function wireCodeComparisons(file: string, source: string, fields: readonly string[]): string[] {
  const text = withoutComments(source);
  const lines = source.split('\n');
  const found = new Set<number>();
  for (const pattern of [fieldThenNumber(fields), numberThenField(fields)]) {
    for (const match of text.matchAll(pattern)) found.add(lineOf(text, match.index));
  }
  for (const match of text.matchAll(switchOnField(fields))) {
    const open = match.index + match[0].length - 1;
    const body = text.slice(open, blockEnd(text, open));
    for (const numericCase of body.matchAll(/\bcase\s+-?\d+\s*:/g))
      found.add(lineOf(text, open + numericCase.index));
  }
  return [...found].sort((a, b) => a - b).map((line) => `${file}:${line}: ${(lines[line - 1] ?? '').trim()}`);
}
