import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InstrumentSeed } from './catalogue';
import { LOGO_ART } from './logo-art';

const require = createRequire(import.meta.url);
const flagDir = path.join(path.dirname(require.resolve('flag-icons/package.json')), 'flags/1x1');
const coinDir = path.join(path.dirname(require.resolve('cryptocurrency-icons/package.json')), 'svg/color');

function dataUri(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function flag(country: string): string {
  if (!/^[a-z]{2}$/.test(country)) throw new Error(`bad country ${country}`);
  return readFileSync(path.join(flagDir, `${country}.svg`), 'utf8');
}

/** A flag clipped to a circle with a white ring, as an `<image>` so ids inside flags never clash. */
function roundFlag(country: string, cx: number, cy: number, radius: number, id: string): string {
  return (
    `<clipPath id="${id}"><circle cx="${cx}" cy="${cy}" r="${radius}"/></clipPath>` +
    `<circle cx="${cx}" cy="${cy}" r="${radius + 1.5}" fill="#fff" stroke="#e5e7eb" stroke-width="1"/>` +
    `<image href="${dataUri(flag(country))}" x="${cx - radius}" y="${cy - radius}" width="${radius * 2}" height="${radius * 2}" clip-path="url(#${id})" preserveAspectRatio="xMidYMid slice"/>`
  );
}

const open = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">';

/** The SVG logo of one instrument, from flag-icons, cryptocurrency-icons or our own artwork. */
export function logoSvg(logo: InstrumentSeed['logo']): string {
  switch (logo.kind) {
    case 'pair':
      return `${open}${roundFlag(logo.base, 22, 22, 20, 'b')}${roundFlag(logo.quote, 42, 42, 20, 'q')}</svg>`;
    case 'flag':
      return `${open}${roundFlag(logo.country, 32, 32, 30, 'f')}</svg>`;
    case 'coin': {
      if (!/^[a-z]+$/.test(logo.symbol)) throw new Error(`bad coin ${logo.symbol}`);
      return readFileSync(path.join(coinDir, `${logo.symbol}.svg`), 'utf8');
    }
    case 'art': {
      const art = LOGO_ART[logo.name];
      if (!art) throw new Error(`no artwork ${logo.name}`);
      return art;
    }
  }
}
