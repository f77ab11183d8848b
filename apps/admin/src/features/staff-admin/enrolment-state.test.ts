import { describe, expect, it } from 'vitest';
import { enrolmentState } from './enrolment-state';

describe('enrolmentState', () => {
  const now = Date.parse('2026-11-27T10:00:00.000Z');

  it('is enrolled once the member has set up the authenticator, whatever the link', () => {
    expect(enrolmentState({ enrolled: true, enrolment_expires_at: '2026-11-28T10:00:00.000Z' }, now)).toBe(
      'enrolled',
    );
  });

  it('has a link open until the moment it expires', () => {
    expect(enrolmentState({ enrolled: false, enrolment_expires_at: '2026-11-27T10:00:01.000Z' }, now)).toBe(
      'linkOpen',
    );
    expect(enrolmentState({ enrolled: false, enrolment_expires_at: '2026-11-27T10:00:00.000Z' }, now)).toBe(
      'notEnrolled',
    );
  });

  it('needs a new link without one', () => {
    expect(enrolmentState({ enrolled: false, enrolment_expires_at: '' }, now)).toBe('notEnrolled');
  });
});
