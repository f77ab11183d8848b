import { describe, expect, it } from 'vitest';
import { VERSION_STATUS_COLORS, versionStatus } from './story-version';

describe('versionStatus', () => {
  it('is published, a draft, or missing when the language has no version', () => {
    expect(versionStatus({ published: true })).toBe('published');
    expect(versionStatus({ published: false })).toBe('draft');
    expect(versionStatus(undefined)).toBe('missing');
  });

  it('colours published green, drafts gold and the missing grey', () => {
    expect(VERSION_STATUS_COLORS).toEqual({ published: 'green', draft: 'gold', missing: 'default' });
  });
});
