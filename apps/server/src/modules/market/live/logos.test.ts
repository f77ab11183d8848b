import { describe, expect, it } from 'vitest';
import { CATEGORIES, INSTRUMENTS } from './catalogue';
import { logoSvg } from './logos';

describe('instrument catalogue', () => {
  it('has at least 24 instruments in at least five categories, codes unique', () => {
    expect(INSTRUMENTS.length).toBeGreaterThanOrEqual(24);
    const categories = new Set(INSTRUMENTS.map((instrument) => instrument.categoryId));
    expect(categories.size).toBeGreaterThanOrEqual(5);
    for (const id of categories) expect(CATEGORIES.some((category) => category.id === id)).toBe(true);
    expect(new Set(INSTRUMENTS.map((instrument) => instrument.code)).size).toBe(INSTRUMENTS.length);
  });

  it('draws a real SVG logo for every instrument', () => {
    for (const instrument of INSTRUMENTS) {
      const svg = logoSvg(instrument.logo);
      expect(svg.startsWith('<svg') || svg.startsWith('<?xml'), instrument.code).toBe(true);
      expect(svg.trim().endsWith('</svg>'), instrument.code).toBe(true);
    }
  });

  it('gives every category a name in all 15 languages', () => {
    for (const category of CATEGORIES) {
      expect(Object.values(category.names).filter((name) => name.trim() !== '')).toHaveLength(15);
    }
  });
});
