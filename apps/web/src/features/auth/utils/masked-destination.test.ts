import { describe, expect, it } from 'vitest';
import { userFixture } from '../../../testing/user-fixtures';
import { maskEmail, maskedDestinationOf, maskMobile } from './masked-destination';

const USER = userFixture();

describe('masked code destination', () => {
  it('keeps the first letter and the domain of an e-mail', () => {
    expect(maskEmail('trader@example.com')).toBe('t•••@example.com');
    expect(maskEmail('not-an-address')).toBe('not-an-address');
  });

  it('keeps the last four digits of a phone number', () => {
    expect(maskMobile('91234567')).toBe('•••• 4567');
    expect(maskMobile('123')).toBe('123');
  });

  it('prefers the e-mail, then the mobile number with its area code', () => {
    expect(maskedDestinationOf({ ...USER, email: 'a@b.co', mobile: '91234567' })).toEqual({
      channel: 'email',
      text: 'a•••@b.co',
    });
    expect(maskedDestinationOf({ ...USER, mobile: '91234567', area_code: '+852' })).toEqual({
      channel: 'mobile',
      text: '+852 •••• 4567',
    });
    expect(maskedDestinationOf(USER)).toBeNull();
  });
});
