import { describe, expect, it } from 'vitest';
import { counties, markets, miscellaneousGroupName } from '../../../shared/catalog';
import {
  countyState,
  marketName,
  marketsGroupedByCounty,
  toggleCounty,
  toggleSubmarket,
} from '../../../shared/rules';

const yoloIds = ['yolo-davis', 'yolo-west-sacramento', 'yolo-woodland', 'yolo-outlier-yolo-county'];

describe('toggleCounty', () => {
  it('checking a county selects all its submarkets', () => {
    const selected = toggleCounty([], 'yolo', true);
    expect(selected).toEqual(yoloIds);
    expect(countyState(selected, 'yolo')).toBe('checked');
  });

  it('unchecking a county clears all its submarkets and nothing else', () => {
    const selected = toggleCounty(['sac-midtown', 'yolo-davis', 'yolo-woodland'], 'yolo', false);
    expect(selected).toEqual(['sac-midtown']);
    expect(countyState(selected, 'yolo')).toBe('unchecked');
  });

  it('checking a partly selected county completes it without duplicates', () => {
    expect(toggleCounty(['yolo-woodland', 'yolo-davis'], 'yolo', true)).toEqual(yoloIds);
  });

  it('selects the county itself for Sutter and Yuba, which have no submarkets', () => {
    const selected = toggleCounty(['sac-midtown'], 'sutter-county', true);
    expect(selected).toEqual(['sac-midtown', 'sutter-county']);
    expect(countyState(selected, 'sutter-county')).toBe('checked');
    expect(toggleCounty(selected, 'sutter-county', false)).toEqual(['sac-midtown']);
  });

  it('checking every county selects every market in catalogue order', () => {
    const all = [...counties].reverse().reduce<string[]>((sel, c) => toggleCounty(sel, c.id, true), []);
    expect(all).toEqual(markets.map((m) => m.id));
  });

  it('leaves the selection alone for an unknown county', () => {
    expect(toggleCounty(['yolo-davis'], 'nowhere', true)).toEqual(['yolo-davis']);
  });
});

describe('toggleSubmarket', () => {
  it('checking every submarket of a county checks the county', () => {
    let selected: string[] = [];
    for (const id of yoloIds.slice(0, -1)) {
      selected = toggleSubmarket(selected, id, true);
      expect(countyState(selected, 'yolo')).toBe('indeterminate');
    }
    selected = toggleSubmarket(selected, yoloIds.at(-1)!, true);
    expect(countyState(selected, 'yolo')).toBe('checked');
  });

  it('unchecking any submarket clears the county check', () => {
    const selected = toggleSubmarket(toggleCounty([], 'placer', true), 'placer-rocklin', false);
    expect(countyState(selected, 'placer')).toBe('indeterminate');
    expect(selected).not.toContain('placer-rocklin');
    expect(selected).toHaveLength(5);
  });

  it('keeps catalogue order and no duplicates, and returns a new array', () => {
    const before = ['yolo-davis', 'sac-midtown'];
    const after = toggleSubmarket(before, 'sac-antelope', true);
    expect(after).toEqual(['sac-antelope', 'sac-midtown', 'yolo-davis']);
    expect(before).toEqual(['yolo-davis', 'sac-midtown']);
    expect(toggleSubmarket(after, 'sac-antelope', true)).toEqual(after);
    expect(toggleSubmarket(['sac-midtown', 'sac-midtown'], 'yolo-davis', false)).toEqual(['sac-midtown']);
  });

  it('unchecking a market that is not selected changes nothing', () => {
    expect(toggleSubmarket(['sac-midtown'], 'yolo-davis', false)).toEqual(['sac-midtown']);
  });
});

describe('countyState', () => {
  it('is unchecked for an empty selection and ignores other counties', () => {
    expect(countyState([], 'sacramento')).toBe('unchecked');
    expect(countyState(yoloIds, 'sacramento')).toBe('unchecked');
  });
});

describe('marketName and marketsGroupedByCounty', () => {
  it('names markets by id', () => {
    expect(marketName('sac-midtown')).toBe('Midtown');
    expect(marketName('yuba-county')).toBe('Yuba County');
    expect(marketName('nowhere')).toBeUndefined();
  });

  it('groups every market by county with Sutter and Yuba under Miscellaneous', () => {
    const groups = marketsGroupedByCounty();
    expect(groups.map((g) => g.name)).toEqual(['Sacramento', 'Placer', 'El Dorado', 'Yolo', miscellaneousGroupName]);
    expect(groups.map((g) => g.markets.length)).toEqual([21, 6, 5, 4, 2]);
    expect(groups.at(-1)!.markets).toEqual([
      { id: 'sutter-county', name: 'Sutter County' },
      { id: 'yuba-county', name: 'Yuba County' },
    ]);
    expect(groups.flatMap((g) => g.markets.map((m) => m.id))).toEqual(markets.map((m) => m.id));
  });
});
