import { admitBeacons, CARTS_PER_SESSION_PRODUCT, historyKey, type SessionEvent } from './beacon-rules.js';

const view = (productId: string | null): SessionEvent => ({ type: 'view', productId, reviewId: null });
const play = (productId: string | null, reviewId: string | null = null): SessionEvent => ({
  type: 'play',
  productId,
  reviewId,
});
const cart = (productId: string | null): SessionEvent => ({ type: 'add_to_cart', productId, reviewId: null });
const quarter = (productId: string, reviewId: string | null): SessionEvent => ({
  type: 'watched_25',
  productId,
  reviewId,
});

describe('admitBeacons', () => {
  it('drops plays and add-to-carts of a product the session has not seen', () => {
    expect(admitBeacons([cart('p'), play('p'), view('q')], new Map())).toEqual([view('q')]);
  });

  it('admits them after a view earlier in the batch or in an earlier batch, for that product only', () => {
    expect(admitBeacons([view('p'), play('p'), cart('p'), cart('q')], new Map())).toEqual([
      view('p'),
      play('p'),
      cart('p'),
    ]);
    expect(admitBeacons([cart('p')], new Map([[historyKey('view', 'p'), 1]]))).toEqual([cart('p')]);
    expect(admitBeacons([cart(null)], new Map([[historyKey('view', null), 1]]))).toEqual([cart(null)]);
  });

  it('stores at most a few add-to-carts per session and product, counting earlier batches', () => {
    const many = [view('p'), ...Array.from({ length: 10 }, () => cart('p'))];
    expect(admitBeacons(many, new Map()).filter((e) => e.type === 'add_to_cart')).toHaveLength(
      CARTS_PER_SESSION_PRODUCT,
    );
    const earlier = new Map([
      [historyKey('view', 'p'), 1],
      [historyKey('add_to_cart', 'p'), CARTS_PER_SESSION_PRODUCT],
    ]);
    expect(admitBeacons([cart('p'), view('p')], earlier)).toEqual([view('p')]);
  });

  it("counts the player's reports once per session and review, and only for a review", () => {
    const batch = [view('p'), quarter('p', 'r1'), quarter('p', 'r1'), quarter('p', 'r2'), quarter('p', null)];
    expect(admitBeacons(batch, new Map())).toEqual([view('p'), quarter('p', 'r1'), quarter('p', 'r2')]);
    const earlier = new Map([
      [historyKey('view', 'p'), 1],
      [historyKey('watched_25', 'p', 'r1'), 1],
    ]);
    expect(admitBeacons([quarter('p', 'r1'), quarter('p', 'r2')], earlier)).toEqual([quarter('p', 'r2')]);
    expect(admitBeacons([quarter('q', 'r1')], earlier)).toEqual([]);
  });

  it('admits every play of a review the session has seen, as before', () => {
    const batch = [view('p'), play('p', 'r1'), play('p', 'r1'), play('p')];
    expect(admitBeacons(batch, new Map())).toEqual(batch);
  });

  it('leaves what it was given unchanged', () => {
    const sent = new Map([[historyKey('view', 'p'), 1]]);
    admitBeacons([cart('p')], sent);
    expect([...sent]).toEqual([[historyKey('view', 'p'), 1]]);
  });
});
