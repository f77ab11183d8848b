import { describe, expect, it } from 'vitest';
import { textsOf } from './legal-texts';

describe('textsOf', () => {
  it('sends the languages where something was written, trimmed, and leaves out the untouched', () => {
    expect(
      textsOf({
        en: { title: ' Terms ', content: ' The terms. ' },
        hk: { title: '  ', content: '' },
        de: { title: 'AGB' },
      }),
    ).toEqual({ en: { title: 'Terms', content: 'The terms.' }, de: { title: 'AGB', content: '' } });
  });

  it('sends nothing for an empty form', () => {
    expect(textsOf({})).toEqual({});
  });
});
