import { describe, expect, it } from 'vitest';
import { INSTRUMENTS } from '../market/live/catalogue';
import { DEFAULT_SETTINGS } from '../settings/settings.defaults';
import { NEWS } from './content-seed';

/**
 * The rule of the seeded news: the quotes are simulated and wander from their seeded
 * prices, so a story never names a price level. A number in a story is a percentage (a move, not
 * a level), the demo account's balance, or lies outside every seeded instrument's band of half to
 * double its seeded price, where no simulated quote could be mistaken for it.
 */
const NUMBER = /\d[\d,]*(?:\.\d+)?(\s*[%％])?/g;

const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ');

function numbersOf(text: string): { value: number; percent: boolean; written: string }[] {
  return [...text.matchAll(NUMBER)].map((match) => ({
    value: Number(match[0].replace(/[,\s%％]/g, '')),
    percent: match[1] !== undefined,
    written: match[0],
  }));
}

/** The seeded instruments whose price band holds this number. */
function pricesNear(value: number): string[] {
  return INSTRUMENTS.filter((instrument) => {
    const price = Number(instrument.basePrice);
    return value >= price / 2 && value <= price * 2;
  }).map((instrument) => `${instrument.code} ${instrument.basePrice}`);
}

const demoBalance = Number(DEFAULT_SETTINGS.demo_balance);

function priceLevelsIn(text: string): string[] {
  return numbersOf(text)
    .filter((number) => !number.percent && number.value !== demoBalance)
    .flatMap((number) => {
      const near = pricesNear(number.value);
      return near.length > 0 ? [`"${number.written}" (near ${near.join(', ')})`] : [];
    });
}

describe('seeded news', () => {
  it('names no price level that a simulated quote could contradict, in any language', () => {
    const found = NEWS.flatMap((story) =>
      Object.entries(story.versions).flatMap(([language, version]) =>
        priceLevelsIn(`${version.title} ${version.desc} ${plainText(version.content)}`).map(
          (level) => `${story.slug} [${language}]: ${level}`,
        ),
      ),
    );
    expect(found).toEqual([]);
  });

  it('the rule catches the levels it is for', () => {
    expect(priceLevelsIn('EUR/USD slipped back below 1.08')).toHaveLength(1);
    expect(priceLevelsIn('<p>日圓兌美元貶值至接近 155 水平</p>')).toHaveLength(1);
    expect(priceLevelsIn('Bitcoin tops 98,500')).toHaveLength(1);
    expect(priceLevelsIn('Gold rose 1.2% and the dollar index 0.4 %')).toEqual([]);
    expect(priceLevelsIn('a demo account with 100,000 USDT')).toEqual([]);
  });
});
