import { and, eq } from 'drizzle-orm';
import request from 'supertest';
import { jobs } from '../../server/database/schema.js';
import type { TModerationSettings } from '../../shared/moderation.js';
import type { TPage, TReview, TReviewStatusChange } from '../../shared/reviews.js';
import { fixture, seedReviews } from '../factories/reviews.factory.js';
import { joinAsMember, PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Automatic moderation (issue 25): the store's rules publish a review once it is publishable, within the plan; the
// content filter's flags hold a review back and show in the API.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL, TRUST_PROXY: 'true', MEDIA_PROCESSING: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

let address = 0;
function shopperUpload(owner: RegisteredOwner, fields: Record<string, string>, photo = false) {
  address += 1;
  let req = http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `203.0.113.${address}`)
    .field('merchant_id', owner.storeId)
    .field('product_name', 'Stoneware Mug');
  for (const [name, value] of Object.entries({ product_id: 'mug', customer_name: 'Lucía', ...fields })) {
    req = req.field(name, value);
  }
  if (photo) req = req.attach('photo', fixture('photo.jpg'), 'photo.jpg');
  return req.expect(201).then((res) => res.body.id as string);
}

const review = async (owner: RegisteredOwner, id: string) =>
  (await owner.agent.get(`/api/reviews/${id}/`).expect(200)).body as TReview;

/**
 * The review once the store's rules ran on it: they run in a job queued when it became publishable (its media
 * processed, or at submission without media). Then its status is what the rules decided.
 */
async function settled(owner: RegisteredOwner, id: string, withinMs = 30_000): Promise<TReview> {
  const until = Date.now() + withinMs;
  for (;;) {
    const ran = await databaseOf(t)
      .select({ state: jobs.state })
      .from(jobs)
      .where(and(eq(jobs.queue, 'auto-moderation'), eq(jobs.key, id)));
    if ((ran.length && ran.every((job) => job.state === 'done')) || Date.now() > until) return review(owner, id);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const save = (owner: RegisteredOwner, body: Partial<TModerationSettings>) =>
  owner.agent.put('/api/moderation/settings/').send(body);

describe('moderation settings', () => {
  let owner: RegisteredOwner;
  beforeAll(async () => {
    owner = await registerOwner(t);
  });

  it('default to manual moderation', async () => {
    expect((await owner.agent.get('/api/moderation/settings/').expect(200)).body).toEqual({
      auto_publish: false,
      min_rating: 4,
      verified_only: false,
      media_only: false,
      blocked_words: [],
    });
  });

  it('save any subset, keep blocked words once each, and refuse bad values as 400 with fields', async () => {
    const saved = await save(owner, { auto_publish: true, blocked_words: [' Acme ', 'acme', 'marca rival'] }).expect(
      200,
    );
    expect(saved.body).toMatchObject({ auto_publish: true, min_rating: 4, blocked_words: ['Acme', 'marca rival'] });
    const refused = await save(owner, { min_rating: 6, blocked_words: [''] } as never).expect(400);
    expect(refused.body).toMatchObject({ code: 'validation_error', fields: { min_rating: expect.any(Array) } });
    await save(owner, { nope: true } as never).expect(400);
    expect((await owner.agent.get('/api/moderation/settings/').expect(200)).body.min_rating).toBe(4);
  });

  it('are read by members, changed by those who moderate, and by nobody signed out', async () => {
    const member = await joinAsMember(t, owner.agent);
    await member.get('/api/moderation/settings/').expect(200);
    await member.put('/api/moderation/settings/').send({ min_rating: 5 }).expect(200);
    await http.get('/api/moderation/settings/').expect(401);
    await save(owner, { min_rating: 4 }).expect(200);
  });
});

describe('a store that moderates by hand (the default)', () => {
  it('leaves every review pending, and still shows what the filter found', async () => {
    const owner = await registerOwner(t);
    const clean = await shopperUpload(owner, {
      rating: '5',
      comment: 'Lovely mug',
      customer_name: 'Dick Cumming',
      customer_email: 'a@example.com',
    });
    const spam = await shopperUpload(owner, {
      rating: '5',
      comment: 'Cheaper at www.other-shop.com, call +1 555 123 4567',
      customer_email: 'b@example.com',
    });
    expect(await settled(owner, clean)).toMatchObject({ status: 'pending', flags: [] });
    expect(await settled(owner, spam)).toMatchObject({ status: 'pending', flags: ['link', 'phone'] });
  });

  it('finds again when the merchant edits the comment', async () => {
    const owner = await registerOwner(t);
    const id = await shopperUpload(owner, {
      rating: '4',
      comment: 'Ask me at ana@example.com',
      customer_email: 'c@x.io',
    });
    expect(await settled(owner, id)).toMatchObject({ flags: ['email'] });
    const edited = await owner.agent.patch(`/api/reviews/${id}/`).send({ comment: 'Ask me' }).expect(200);
    expect(edited.body).toMatchObject({ comment: 'Ask me', flags: [], status: 'pending' });
    const again = await owner.agent.patch(`/api/reviews/${id}/`).send({ comment: 'See www.other.com' }).expect(200);
    expect(again.body.flags).toEqual(['link']);
  });
});

describe('a store whose rules publish reviews rated 4 or more, with media', () => {
  let owner: RegisteredOwner;
  beforeAll(async () => {
    owner = await registerOwner(t);
    await save(owner, { auto_publish: true, min_rating: 4, media_only: true, blocked_words: ['acme'] }).expect(200);
  });

  it('publishes a photo review once its photo is processed, recorded with no actor', async () => {
    const id = await shopperUpload(owner, { rating: '5', comment: 'Great', customer_email: 'c@example.com' }, true);
    const done = await settled(owner, id);
    expect(done).toMatchObject({ status: 'approved', media_state: 'ready', flags: [] });
    const history = (await owner.agent.get(`/api/reviews/${id}/history/`).expect(200)).body as {
      results: TReviewStatusChange[];
    };
    expect(history.results).toEqual([
      expect.objectContaining({ from: 'pending', to: 'approved', actor: null, automatic: true }),
    ]);
    const published = await http.get(`/api/reviews/public/?product_id=mug&merchant_id=${owner.storeId}`).expect(200);
    expect(published.body.results.map((r: { id: string }) => r.id)).toContain(id);
  });

  it('leaves pending a low rating, a text-only review, and a flagged one (flags in the list)', async () => {
    const low = await shopperUpload(owner, { rating: '3', comment: 'Fine', customer_email: 'd@example.com' }, true);
    const text = await shopperUpload(owner, { rating: '5', comment: 'Nice', customer_email: 'e@example.com' });
    const rude = await shopperUpload(
      owner,
      { rating: '5', comment: 'Una mierda, mejor la de ACME', customer_email: 'f@example.com' },
      true,
    );
    expect(await settled(owner, low)).toMatchObject({ status: 'pending', media_state: 'ready', flags: [] });
    expect(await settled(owner, text)).toMatchObject({ status: 'pending', flags: [] });
    expect(await settled(owner, rude)).toMatchObject({
      status: 'pending',
      media_state: 'ready',
      flags: ['profanity', 'blocked_word'],
    });
    const list = (await owner.agent.get('/api/reviews/?status=pending').expect(200)).body as TPage<TReview>;
    expect(list.results.find((r) => r.id === rude)?.flags).toEqual(['profanity', 'blocked_word']);

    // The exceptions to look at: the list (and a bulk action over it) narrows to flagged reviews, or to the rest.
    const ids = async (query: string) => {
      const page = (await owner.agent.get(`/api/reviews/?${query}`).expect(200)).body as TPage<TReview>;
      expect(page.count).toBe(page.results.length);
      return page.results.map((r) => r.id);
    };
    expect(await ids('status=pending&flagged=true')).toEqual([rude]);
    expect(await ids('status=pending&flagged=false')).toEqual(expect.arrayContaining([low, text]));
    expect(await ids('status=pending&flagged=false')).not.toContain(rude);
    const bad = await owner.agent.get('/api/reviews/?flagged=maybe').expect(400);
    expect(bad.body.fields).toHaveProperty('flagged');
    const rejected = await owner.agent
      .post('/api/reviews/bulk/')
      .send({ action: 'reject', filter: { status: 'pending', flagged: true } })
      .expect(200);
    expect(rejected.body).toMatchObject({ matched: 1, changed: 1 });
    expect(await review(owner, rude)).toMatchObject({ status: 'rejected' });
    expect(await review(owner, low)).toMatchObject({ status: 'pending' });
  });

  it('flags the same text twice from one address, and a second review of one product', async () => {
    const first = await shopperUpload(
      owner,
      { rating: '5', comment: 'Best mug ever', customer_email: 'g@example.com', product_id: 'cup' },
      true,
    );
    const again = await shopperUpload(
      owner,
      { rating: '5', comment: '  best MUG   ever ', customer_email: 'g@example.com', product_id: 'plate' },
      true,
    );
    const second = await shopperUpload(
      owner,
      { rating: '5', comment: 'Still great', customer_email: 'g@example.com', product_id: 'cup' },
      true,
    );
    expect(await settled(owner, first)).toMatchObject({ status: 'approved', flags: [] });
    expect(await settled(owner, again)).toMatchObject({ status: 'pending', flags: ['duplicate_text'] });
    expect(await settled(owner, second)).toMatchObject({ status: 'pending', flags: ['second_review'] });
  });
});

describe('rules without media', () => {
  it('apply at submission to a text review; verified-only leaves an unverified buyer pending', async () => {
    const owner = await registerOwner(t);
    await save(owner, { auto_publish: true, min_rating: 4 }).expect(200);
    const text = await shopperUpload(owner, { rating: '4', comment: 'Good', customer_email: 'h@example.com' });
    expect(await settled(owner, text)).toMatchObject({ status: 'approved', flags: [] });
    await save(owner, { verified_only: true }).expect(200);
    const unverified = await shopperUpload(owner, { rating: '5', comment: 'Good', customer_email: 'i@example.com' });
    expect(await settled(owner, unverified)).toMatchObject({ status: 'pending', verified_purchase: false });
  });

  it('leave a review pending when the plan is at its limit', async () => {
    const owner = await registerOwner(t);
    // The free plan's five active reviews are taken.
    await seedReviews(t, owner.merchantId, 5, { status: 'approved' });
    await save(owner, { auto_publish: true, min_rating: 1 }).expect(200);
    const id = await shopperUpload(owner, { rating: '5', comment: 'Good', customer_email: 'j@example.com' });
    expect(await settled(owner, id)).toMatchObject({ status: 'pending', flags: [] });
  });
});
