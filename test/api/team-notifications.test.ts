import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { TNotificationPreferences } from '../../shared/notifications.js';
import type { TUser } from '../../shared/accounts.js';
import { Clock } from '../../server/common/clock.js';
import { merchants } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { ReviewNotifier } from '../../server/notifications/review-notifier.service.js';
import { PUBLIC_URL, joinAsMember, seedOwner, type Agent, type RegisteredOwner } from '../support/accounts.js';
import { linkIn, startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../support/smtp.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Issue 25, team notifications: each member chooses each new review at once, a daily digest at 09:00 store time, or
// none, plus 2 stars or fewer at once. One mail per event per member, through the job queue, with an unsubscribe link.

let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { PUBLIC_URL, TRUST_PROXY: 'true', SMTP_URL: smtp.url, MAIL_FROM: 'Video Reviews <mail@reviews.test>' },
  });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const clock = () => t.app.get(Clock);
const setNow = (at: Date) => {
  clock().now = () => at;
};
afterEach(() => {
  clock().now = () => new Date();
});
const settle = () => t.app.get(JobQueue).settled();
const notifier = () => t.app.get(ReviewNotifier);
/** A header of the mail as received, unfolded. */
function header(mail: ReceivedMail, name: string): string | undefined {
  const head = mail.raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}
const isNotice = (mail: ReceivedMail) =>
  header(mail, 'List-Unsubscribe')?.startsWith('<http://reviews.test/n/') ?? false;
const noticesTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email) && isNotice(mail));

interface Store {
  owner: RegisteredOwner;
  ownerEmail: string;
  member: Agent;
  memberEmail: string;
}

async function storeWithMember(name: string): Promise<Store> {
  const owner = await seedOwner(t);
  await owner.agent.patch(`/api/stores/${owner.merchantId}/`).send({ store_name: name }).expect(200);
  const member = await joinAsMember(t, owner.agent);
  const memberEmail = ((await member.get('/api/auth/users/me/').expect(200)).body as TUser).email;
  return { owner, ownerEmail: owner.user.email, member, memberEmail };
}

let shopper = 0;
/** A shopper's text review through the widget's upload (what emits `review.submitted`); answers its id. */
async function submit(store: Store, rating: number, comment = 'Lovely mug'): Promise<string> {
  shopper += 1;
  const res = await http
    .post('/api/reviews/upload/')
    .set('Origin', 'https://shop.example')
    .set('X-Forwarded-For', `198.51.100.${shopper % 250}`)
    .field('merchant_id', store.owner.storeId)
    .field('product_id', 'mug')
    .field('product_name', 'Stoneware Mug')
    .field('customer_name', 'Lucía')
    .field('customer_email', `shopper${shopper}@example.com`)
    .field('rating', String(rating))
    .field('comment', comment)
    .expect(201);
  return res.body.id as string;
}

const preferences = async (agent: Agent) =>
  (await agent.get('/api/notifications/preferences/').expect(200)).body as TNotificationPreferences;
const choose = (agent: Agent, body: object) => agent.put('/api/notifications/preferences/').send(body);

describe('preferences API', () => {
  it('answers the defaults: the owner at once, a member the digest, both with low ratings at once', async () => {
    const store = await storeWithMember('Defaults');
    expect(await preferences(store.owner.agent)).toEqual({
      new_reviews: 'instant',
      low_rating_instant: true,
      time_zone: 'UTC',
      digest_time: '09:00',
    });
    expect(await preferences(store.member)).toMatchObject({ new_reviews: 'digest', low_rating_instant: true });
  });

  it("saves the member's own choice only: not a teammate's, not another store's", async () => {
    const one = await storeWithMember('One');
    const two = await storeWithMember('Two');
    const saved = (await choose(one.member, { new_reviews: 'none', low_rating_instant: false }).expect(200)).body;
    expect(saved).toMatchObject({ new_reviews: 'none', low_rating_instant: false });
    expect(await preferences(one.member)).toMatchObject({ new_reviews: 'none', low_rating_instant: false });
    expect(await preferences(one.owner.agent)).toMatchObject({ new_reviews: 'instant', low_rating_instant: true });
    expect(await preferences(two.member)).toMatchObject({ new_reviews: 'digest', low_rating_instant: true });
    // Another store's workspace is refused, for reading and for writing.
    const foreign = two.owner.user.workspace_id!;
    const read = await one.owner.agent.get('/api/notifications/preferences/').set('X-Workspace-ID', foreign);
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ code: 'workspace_forbidden' });
    await choose(one.owner.agent, { new_reviews: 'none', low_rating_instant: false })
      .set('X-Workspace-ID', foreign)
      .expect(403);
    expect(await preferences(two.owner.agent)).toMatchObject({ new_reviews: 'instant', low_rating_instant: true });
    await http.get('/api/notifications/preferences/').expect(401);
  });

  it('refuses bad input with 400 {detail, code, fields}', async () => {
    const store = await storeWithMember('Bad input');
    for (const body of [
      { new_reviews: 'hourly', low_rating_instant: true },
      { new_reviews: 'instant' },
      { new_reviews: 'instant', low_rating_instant: 'yes' },
      { new_reviews: 'instant', low_rating_instant: true, membership_id: 'x' },
      [],
    ]) {
      const res = await choose(store.owner.agent, body).expect(400);
      expect(typeof res.body.detail).toBe('string');
      expect(typeof res.body.code).toBe('string');
      expect(res.body.fields).toBeDefined();
    }
    expect(await preferences(store.owner.agent)).toMatchObject({ new_reviews: 'instant' });
  });
});

describe('a mail at once', () => {
  it('goes to an instant member and not to a none member, with the unsubscribe headers', async () => {
    const store = await storeWithMember('Instant Shop');
    await choose(store.member, { new_reviews: 'none', low_rating_instant: true }).expect(200);
    const id = await submit(store, 4, 'Keeps the coffee hot');
    await settle();
    const [mail] = noticesTo(store.ownerEmail);
    expect(noticesTo(store.ownerEmail)).toHaveLength(1);
    expect(mail.subject).toBe('New 4★ review of Stoneware Mug · Instant Shop');
    expect(mail.text).toContain('Keeps the coffee hot');
    expect(mail.text).toContain(`${PUBLIC_URL}/reviews`);
    expect(header(mail, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(noticesTo(store.memberEmail)).toHaveLength(0);
    // Run again (a retry), and twice at once (two instances): nothing more.
    await notifier().notifyReview({ merchantId: store.owner.merchantId, reviewId: id });
    await Promise.all([1, 2].map(() => notifier().notifyReview({ merchantId: store.owner.merchantId, reviewId: id })));
    await settle();
    expect(noticesTo(store.ownerEmail)).toHaveLength(1);
  });

  it('sends 2 stars or fewer at once to a digest member, unless they turned that off', async () => {
    const store = await storeWithMember('Low Ratings');
    await submit(store, 2, 'Arrived cracked');
    await settle();
    expect(noticesTo(store.memberEmail).map((mail) => mail.subject)).toEqual([
      'New 2★ review of Stoneware Mug · Low Ratings',
    ]);
    await submit(store, 3);
    await settle();
    expect(noticesTo(store.memberEmail)).toHaveLength(1);

    await choose(store.member, { new_reviews: 'digest', low_rating_instant: false }).expect(200);
    await submit(store, 1);
    await settle();
    expect(noticesTo(store.memberEmail)).toHaveLength(1);
    expect(noticesTo(store.ownerEmail)).toHaveLength(3);
  });

  it('retries a mail server that failed for now, without mailing anyone twice', async () => {
    const store = await storeWithMember('Retry');
    await choose(store.member, { new_reviews: 'instant', low_rating_instant: true }).expect(200);
    smtp.refuse(store.memberEmail, 451, 'Try again later');
    const id = await submit(store, 5);
    await settle();
    expect(noticesTo(store.ownerEmail)).toHaveLength(1);
    expect(noticesTo(store.memberEmail)).toHaveLength(0);
    smtp.accept(store.memberEmail);
    // The job's retry (its backoff is not waited for here: the handler runs again as the retry would).
    await notifier().notifyReview({ merchantId: store.owner.merchantId, reviewId: id });
    expect(noticesTo(store.memberEmail)).toHaveLength(1);
    expect(noticesTo(store.ownerEmail)).toHaveLength(1);
  });
});

describe('unsubscribing', () => {
  it('works from the link without signing in, and by the one-click POST', async () => {
    const store = await storeWithMember('Unsubscribe Shop');
    await choose(store.member, { new_reviews: 'instant', low_rating_instant: true }).expect(200);
    await submit(store, 5);
    await settle();
    const [ownerMail] = noticesTo(store.ownerEmail);
    const [memberMail] = noticesTo(store.memberEmail);
    const ownerLink = linkIn(ownerMail, '/n/')!;
    expect(header(ownerMail, 'List-Unsubscribe')).toBe(`<${ownerLink}>`);

    const page = await http.get(new URL(ownerLink).pathname).set('Accept', 'text/html').expect(200);
    expect(page.text).toContain('You are unsubscribed');
    expect(page.text).toContain('Unsubscribe Shop');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(await preferences(store.owner.agent)).toMatchObject({ new_reviews: 'none', low_rating_instant: false });
    expect(await preferences(store.member)).toMatchObject({ new_reviews: 'instant' });

    await http
      .post(new URL(linkIn(memberMail, '/n/')!).pathname)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await preferences(store.member)).toMatchObject({ new_reviews: 'none', low_rating_instant: false });

    await submit(store, 1);
    await settle();
    expect(noticesTo(store.ownerEmail)).toHaveLength(1);
    expect(noticesTo(store.memberEmail)).toHaveLength(1);
  });

  it('refuses a token it did not sign, changing nothing', async () => {
    const store = await storeWithMember('Forged');
    await submit(store, 5);
    await settle();
    const path = new URL(linkIn(noticesTo(store.ownerEmail)[0], '/n/')!).pathname;
    const forged = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const res = await http.get(forged).expect(404);
    expect(res.body).toMatchObject({ code: 'not_found' });
    await http.post('/n/not-a-token').type('form').send('List-Unsubscribe=One-Click').expect(404);
    expect(await preferences(store.owner.agent)).toMatchObject({ new_reviews: 'instant' });
  });
});

describe('the daily digest at 09:00 store time', () => {
  /** An Etc/GMT zone (whole hours; its sign is inverted) where it is now `hour` o'clock, and that zone's offset. */
  function zoneWhereItIs(hour: number, now: Date): { zone: string; offsetHours: number } {
    let offset = (hour - now.getUTCHours()) % 24;
    if (offset > 14) offset -= 24;
    if (offset < -12) offset += 24;
    return {
      zone: offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`,
      offsetHours: offset,
    };
  }
  /** The instant it is hh:mm today (`days` on) in a zone `offsetHours` from UTC, today being `now`'s local day there. */
  function localInstant(now: Date, offsetHours: number, days: number, hh: number, mm: number): Date {
    const local = new Date(now.getTime() + offsetHours * 3_600_000);
    const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate() + days, hh, mm);
    return new Date(at - offsetHours * 3_600_000);
  }
  const dispatch = async () => {
    await notifier().pokeDigests();
    await settle();
  };

  it('mails each digest member once a day at 09:00 in their store time zone, nothing when the day had no review', async () => {
    const now = new Date();
    const early = zoneWhereItIs(7, now);
    const late = zoneWhereItIs(4, now);
    const a = await storeWithMember('Early Shop');
    const b = await storeWithMember('Late Shop');
    // The mail is in the store's language.
    await b.owner.agent.patch(`/api/stores/${b.owner.merchantId}/`).send({ main_language: 'es' }).expect(200);
    const db = databaseOf(t);
    await db.update(merchants).set({ timezone: early.zone }).where(eq(merchants.id, a.owner.merchantId));
    await db.update(merchants).set({ timezone: late.zone }).where(eq(merchants.id, b.owner.merchantId));
    expect(await preferences(a.member)).toMatchObject({ new_reviews: 'digest', time_zone: early.zone });
    await submit(a, 5, 'First of the day');
    await submit(a, 4, 'Second of the day');
    await submit(b, 5, 'Late shop review');
    await settle();
    const isDigest = (mail: ReceivedMail) => header(mail, 'Message-ID')?.startsWith('<digest.') ?? false;
    const digestsTo = (store: Store) => noticesTo(store.memberEmail).filter(isDigest);
    expect(digestsTo(a)).toEqual([]);

    // Before 09:00 in either zone: nothing.
    setNow(localInstant(now, early.offsetHours, 0, 8, 59));
    await dispatch();
    expect(digestsTo(a)).toEqual([]);
    expect(digestsTo(b)).toEqual([]);

    // 09:00 in the early store, still night in the late one.
    setNow(localInstant(now, early.offsetHours, 0, 9, 0));
    await dispatch();
    expect(digestsTo(a).map((mail) => mail.subject)).toEqual(['2 new reviews for Early Shop']);
    expect(digestsTo(a)[0].text).toContain('First of the day');
    expect(digestsTo(a)[0].text).toContain('Second of the day');
    expect(header(digestsTo(a)[0], 'List-Unsubscribe')).toMatch(/^<http:\/\/reviews\.test\/n\//);
    expect(digestsTo(b)).toEqual([]);
    // The owner (on instant) gets no digest.
    expect(noticesTo(a.ownerEmail).filter(isDigest)).toEqual([]);

    // 09:00 in the late store.
    // Two instances running its digest job at once send one digest.
    setNow(localInstant(now, late.offsetHours, 0, 9, 5));
    const lateDate = new Date(localInstant(now, late.offsetHours, 0, 12, 0).getTime() + late.offsetHours * 3_600_000)
      .toISOString()
      .slice(0, 10);
    await Promise.all([1, 2].map(() => notifier().sendDigests({ merchantId: b.owner.merchantId, date: lateDate })));
    await dispatch();
    expect(digestsTo(b).map((mail) => mail.subject)).toEqual(['1 reseña nueva en Late Shop']);
    expect(digestsTo(b)[0].text).toContain('Late shop review');
    expect(digestsTo(a)).toHaveLength(1);

    // Once a day: later that day, and a digest job run again (a retry), send nothing more.
    setNow(localInstant(now, early.offsetHours, 0, 15, 0));
    await dispatch();
    await notifier().sendDigests({
      merchantId: a.owner.merchantId,
      date: new Date(localInstant(now, early.offsetHours, 0, 12, 0).getTime() + early.offsetHours * 3_600_000)
        .toISOString()
        .slice(0, 10),
    });
    expect(digestsTo(a)).toHaveLength(1);

    // The next day had no review: no digest.
    setNow(localInstant(now, early.offsetHours, 1, 9, 30));
    await dispatch();
    expect(digestsTo(a)).toHaveLength(1);
  });
});
