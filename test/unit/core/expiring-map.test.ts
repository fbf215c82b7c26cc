import { describe, expect, it } from 'vitest';
import { expiringMap } from '../../../lambdas/core/expiring-map';

describe('expiringMap', () => {
  it('answers an entry until its time is up, then forgets it', () => {
    const map = expiringMap<string, number>(1_000);
    map.set('a', 1, 0);
    expect(map.get('a', 999)).toBe(1);
    expect(map.get('a', 1_000)).toBeUndefined();
    expect(map.get('a', 0)).toBeUndefined();
  });

  it('setting again restarts the time; delete forgets at once', () => {
    const map = expiringMap<string, number>(1_000);
    map.set('a', 1, 0);
    map.set('a', 2, 900);
    expect(map.get('a', 1_800)).toBe(2);
    map.delete('a');
    expect(map.get('a', 1_800)).toBeUndefined();
  });

  it('holds at most maxEntries, dropping the oldest first', () => {
    const map = expiringMap<string, number>(1_000, 2);
    map.set('a', 1, 0);
    map.set('b', 2, 0);
    map.set('a', 3, 0);
    map.set('c', 4, 0);
    expect([map.get('a', 0), map.get('b', 0), map.get('c', 0)]).toEqual([3, undefined, 4]);
  });
});
