import { ShortLivedMap } from './short-lived-map.js';

describe('ShortLivedMap', () => {
  it('answers an entry while it lives, not after', () => {
    const map = new ShortLivedMap<string | null>(5_000, 10);
    map.set('a', null, 1_000);
    expect(map.entry('a', 5_999)?.value).toBeNull();
    expect(map.get('a', 5_999)).toBeNull();
    expect(map.entry('a', 6_000)).toBeUndefined();
    expect(map.get('a', 6_000)).toBeUndefined();
  });

  it('drops the lapsed entries as new ones come, so it holds what was set in the last ttl', () => {
    const map = new ShortLivedMap<number>(5_000, 1_000);
    for (let i = 0; i < 100; i++) map.set(`k${i}`, i, i * 100);
    // At 9,900 ms the entries set before 4,900 ms have lapsed and gone.
    expect(map.size).toBe(50);
    expect(map.get('k49', 9_900)).toBeUndefined();
    expect(map.get('k50', 9_900)).toBe(50);
  });

  it('keeps an entry set again after the older ones, and at most max entries, the oldest going first', () => {
    const map = new ShortLivedMap<number>(60_000, 3);
    map.set('a', 1, 0);
    map.set('b', 2, 1);
    map.set('a', 3, 2);
    map.set('c', 4, 3);
    map.set('d', 5, 4);
    expect([map.get('b', 5), map.get('a', 5), map.get('c', 5), map.get('d', 5)]).toEqual([undefined, 3, 4, 5]);
    map.deleteWhere((key) => key !== 'c');
    expect(map.size).toBe(1);
  });
});
