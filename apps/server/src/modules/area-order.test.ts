import { describe, expect, it } from 'vitest';
import { type AreaNeeds, orderAreas } from './area-order';

const area = (name: string, ...needs: string[]): AreaNeeds => ({ name, needs });
const names = (areas: readonly AreaNeeds[]) => areas.map((each) => each.name);

describe('orderAreas', () => {
  it('keeps the given order where the needs leave a choice', () => {
    expect(names(orderAreas([area('b'), area('a'), area('c')]))).toEqual(['b', 'a', 'c']);
  });

  it('moves an area after what it needs, and nothing else', () => {
    const ordered = orderAreas([area('engine', 'market'), area('auth'), area('market'), area('outbox')]);
    expect(names(ordered)).toEqual(['auth', 'market', 'engine', 'outbox']);
  });

  it('refuses a need of an area that is not in the list', () => {
    expect(() => orderAreas([area('auth'), area('trading', 'auth', 'market')])).toThrow(
      'area "trading" needs "market", which is not in the list of areas',
    );
  });

  it('refuses a circular need, naming the circle', () => {
    const areas = [
      area('auth'),
      area('copy', 'auth', 'trading'),
      area('trading', 'notify'),
      area('notify', 'copy'),
    ];
    expect(() => orderAreas(areas)).toThrow('circular need between areas: copy -> trading -> notify -> copy');
  });

  it('refuses an area that needs itself', () => {
    expect(() => orderAreas([area('auth', 'auth')])).toThrow('circular need between areas: auth -> auth');
  });

  it('refuses a name given twice', () => {
    expect(() => orderAreas([area('auth'), area('auth')])).toThrow('area "auth" is listed twice');
  });
});
