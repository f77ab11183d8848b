import { describe, expect, it } from 'vitest';
import { identityShownTo } from './identity-masking';
import { maskCardId, maskLegalName } from './real-name';
import { STAFF_ROLE_NAMES } from './staff-roles';

const IDENTITY = { name: 'Chan Tai Man', cardId: 'A1234567' };

describe('identityShownTo', () => {
  it('shows the name and ID number in full to compliance and admins only', () => {
    const shown = Object.fromEntries(STAFF_ROLE_NAMES.map((role) => [role, identityShownTo(role, IDENTITY)]));
    expect(shown).toEqual({
      admin: IDENTITY,
      compliance: IDENTITY,
      support: { name: 'Ch********an', cardId: 'A1****67' },
      finance: { name: 'Ch********an', cardId: 'A1****67' },
      content: { name: 'Ch********an', cardId: 'A1****67' },
    });
  });

  it('masks as the customer app masks the ID number, by characters of any script', () => {
    expect(maskLegalName('Chan Tai Man')).toBe(maskCardId('Chan Tai Man'));
    expect(maskLegalName('陳大文')).toBe('***');
    expect(maskLegalName('歐陽志明先生')).toBe('歐陽**先生');
    expect(maskLegalName('')).toBe('');
    expect(maskCardId('A123')).toBe('****');
  });
});
