import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../lib/i18n';
import { STORAGE_KEYS } from '../lib/storage-keys';
import en from '../locales/en.json';
import { RestrictedCountriesBanner } from './restricted-countries-banner';

beforeAll(async () => {
  await initI18n('en');
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('the restricted-countries notice', () => {
  it("says where the services are not offered, in the shell's markup", () => {
    const { container } = render(<RestrictedCountriesBanner />);
    expect(screen.getByText(en.banner.restrictedCountries)).toBeTruthy();
    // The same elements as index.html's shell notice, so the two are the same size.
    expect(container.querySelector('.restricted-banner > .restricted-banner-text')).toBeTruthy();
    expect(
      container.querySelector('.restricted-banner > .restricted-banner-icon[aria-hidden="true"]'),
    ).toBeTruthy();
  });

  it('closes with a named button, and stays closed for the rest of the session', () => {
    render(<RestrictedCountriesBanner />);
    fireEvent.click(screen.getByRole('button', { name: en.common.close }));
    expect(screen.queryByText(en.banner.restrictedCountries)).toBeNull();
    expect(sessionStorage.getItem(STORAGE_KEYS.restrictedBannerDismissed)).toBe('1');
    cleanup();
    render(<RestrictedCountriesBanner />);
    expect(screen.queryByText(en.banner.restrictedCountries)).toBeNull();
  });
});
