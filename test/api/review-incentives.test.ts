import { eq } from 'drizzle-orm';
import request from 'supertest';
import type { TReviewRequest, TReviewRequestSettingsPatch } from '../../shared/review-requests.js';
import { Clock } from '../../server/common/clock.js';
import { reviewRequests } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import {
  ReviewIncentives,
  newDiscountCode,
  rewards,
} from '../../server/review-requests/incentives/review-incentives.service.js';
import { fixture } from '../factories/reviews.factory.js';
import { startFakeShopify, type FakeShopify } from '../fakes/shopify.js';
import { registerOwner } from '../support/accounts.js';
import { startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { installedStore, shopifyEnv, type InstalledStore } from '../support/shopify.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

// Review incentives: a review made through a review request earns the store's discount, made on its platform (or
// the merchant's fixed code) and mailed once, when the review is sent or when it is approved, as the setting says.

let shopify: FakeShopify;
let smtp: SmtpTestServer;
let t: TestApp;
let http: ReturnType<typeof request>;

beforeAll(async () => {
  shopify = await startFakeShopify({ apiKey: 'incentive-key', apiSecret: 'incentive-secret' });
  smtp = await startSmtpServer();
  t = await startTestApp({
    env: { ...shopifyEnv(shopify), SMTP_URL: smtp.url, MAIL_FROM: 'Video Reviews <mail@reviews.test>' },
  });
  http = request(t.app.getHttpServer());
  t.app.get(Clock).now = () => new Date('2026-12-01T10:00:00Z');
});
afterAll(async () => {
  await t.close();
  await shopify.close();
  await smtp.close();
});

const settle = () => t.app.get(JobQueue).settled();
const mailsTo = (email: string) => smtp.mails.filter((mail) => mail.to.includes(email));

let orders = 0;
/** A request for one order of two products, by the integrators' API. */
async function requestFor(owner: InstalledStore['owner'], email: string): Promise<TReviewRequest> {
  orders += 1;
  const res = await owner
    .post('/api/review-requests/')
    .send({
      customer_email: email,
      customer_name: 'Ana Souza',
      locale: 'pt-BR',
      order_id: `incentive-${orders}`,
      products: [
        { id: '7001', name: 'Linen Shirt' },
        { id: '7002', name: 'Wool Scarf' },
      ],
    })
    .expect(201);
  return res.body as TReviewRequest;
}

/** The buyer's review of a product (a photo, or only stars and text). */
async function review(storeId: string, email: string, productId: string, photo = true): Promise<string> {
  let req = http
    .post('/api/reviews/upload/')
    .field('merchant_id', storeId)
    .field('product_id', productId)
    .field('rating', '5')
    .field('customer_name', 'Ana')
    .field('customer_email', email)
    .field('comment', 'Lovely fabric, fits well.');
  if (photo) req = req.attach('photo', fixture('photo.jpg'), 'photo.jpg');
  return ((await req.expect(201)).body as { id: string }).id;
}

async function incentive(owner: InstalledStore['owner'], patch: TReviewRequestSettingsPatch['incentive']) {
  await owner.put('/api/review-requests/settings/').send({ incentive: patch }).expect(200);
}

async function requestRow(id: string) {
  const [row] = await databaseOf(t).select().from(reviewRequests).where(eq(reviewRequests.id, id));
  return row;
}

describe('review incentives', () => {
  it('mails a single-use Shopify code once the review is approved, and never a second for the same request', async () => {
    const store = await installedStore(t, shopify, [
      { id: '7001', title: 'Linen Shirt', handle: 'linen-shirt' },
      { id: '7002', title: 'Wool Scarf', handle: 'wool-scarf' },
    ]);
    await incentive(store.owner, {
      reward: 'photo',
      code_source: 'platform',
      value_type: 'percentage',
      value: 15,
      expires_days: 30,
      send_on: 'approved',
    });
    const email = 'ana@example.com';
    const asked = await requestFor(store.owner, email);

    const first = await review(store.storeId, email, '7001');
    await settle();
    expect(shopify.discounts(store.shop)).toHaveLength(0);
    expect(mailsTo(email)).toHaveLength(0);

    await store.owner.post(`/api/reviews/${first}/approve/`).expect(200);
    await settle();
    const [discount] = shopify.discounts(store.shop);
    expect(discount).toMatchObject({ usageLimit: 1, value: { percentage: 0.15 } });
    expect(discount.code).toMatch(/^THANKS-[A-HJ-NP-Z2-9]{10}$/);
    expect(discount.endsAt).toBe('2026-12-31T10:00:00.000Z');
    const [mail] = mailsTo(email);
    expect(mail.text).toContain(discount.code);
    expect(mail.subject).toContain('15');
    expect(mail.raw).toMatch(/^From: "?Store \d+"? <mail@reviews\.test>/m);
    expect((await requestRow(asked.id)).incentiveSentAt).not.toBeNull();

    // The second product reviewed and approved: still one code, one mail.
    const second = await review(store.storeId, email, '7002');
    await store.owner.post(`/api/reviews/${second}/approve/`).expect(200);
    await settle();
    expect(shopify.discounts(store.shop)).toHaveLength(1);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends the fixed code as soon as the review is sent, only to reviews with what the reward asks for', async () => {
    const owner = await registerOwner(t);
    await incentive(owner.agent, {
      reward: 'photo',
      code_source: 'fixed',
      fixed_code: 'GRACIAS10',
      send_on: 'submitted',
    });
    const textOnly = 'texto@example.com';
    await requestFor(owner.agent, textOnly);
    await review(owner.storeId, textOnly, '7001', false);
    await settle();
    expect(mailsTo(textOnly)).toHaveLength(0);

    const withPhoto = 'foto@example.com';
    const asked = await requestFor(owner.agent, withPhoto);
    await review(owner.storeId, withPhoto, '7001');
    await settle();
    const [mail] = mailsTo(withPhoto);
    expect(mail.text).toContain('GRACIAS10');
    expect(mail.subject).toMatch(/^Obrigado pela sua avaliação/);
    expect((await requestRow(asked.id)).incentiveCodeSealed).not.toContain('GRACIAS10');
  });

  it('sends one mail when two jobs deliver the same request at once', async () => {
    const owner = await registerOwner(t);
    await incentive(owner.agent, { reward: 'any', code_source: 'fixed', fixed_code: 'ONCE10', send_on: 'approved' });
    const email = 'twice@example.com';
    const asked = await requestFor(owner.agent, email);
    const incentives = t.app.get(ReviewIncentives);
    await Promise.all([incentives.deliver(owner.merchantId, asked.id), incentives.deliver(owner.merchantId, asked.id)]);
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('sends nothing while the incentive is off, and none for a review no request asked for', async () => {
    const owner = await registerOwner(t);
    const email = 'off@example.com';
    await requestFor(owner.agent, email);
    await review(owner.storeId, email, '7001');
    // The reward is decided when its job runs (with Redis, maybe after the next line): let it run while still off.
    await settle();
    await incentive(owner.agent, { reward: 'any', code_source: 'fixed', fixed_code: 'NOPE', send_on: 'submitted' });
    await review(owner.storeId, 'stranger@example.com', '7001');
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
    expect(mailsTo('stranger@example.com')).toHaveLength(0);
  });

  it('refuses a reward without its fixed code, and a percentage above 100, saying which field', async () => {
    const owner = await registerOwner(t);
    const put = (patch: TReviewRequestSettingsPatch['incentive']) =>
      owner.agent.put('/api/review-requests/settings/').send({ incentive: patch });
    const noCode = await put({ reward: 'any', code_source: 'fixed', fixed_code: null }).expect(400);
    expect(Object.keys(noCode.body.fields)).toEqual(['incentive.fixed_code']);
    const tooMuch = await put({ reward: 'any', code_source: 'fixed', fixed_code: 'OBRIGADO', value: 150 }).expect(400);
    expect(Object.keys(tooMuch.body.fields)).toEqual(['incentive.value']);
    // The same figure as an amount (150 minor units) is fine.
    const saved = await put({
      reward: 'any',
      code_source: 'fixed',
      fixed_code: 'OBRIGADO',
      value_type: 'fixed_amount',
      value: 150,
    }).expect(200);
    expect(saved.body.incentive).toMatchObject({ value_type: 'fixed_amount', value: 150, fixed_code: 'OBRIGADO' });
  });
});

describe('rewards', () => {
  const incentive = {
    reward: 'video',
    code_source: 'platform',
    fixed_code: null,
    value_type: 'percentage',
    value: 10,
    expires_days: 30,
    send_on: 'approved',
  } as const;
  it('gives a video reward to videos only, a photo reward to photos and videos, any to all, at its moment only', () => {
    const at = (moment: 'submitted' | 'approved', hasVideo: boolean, hasPhoto: boolean) => ({
      moment,
      hasVideo,
      hasPhoto,
    });
    expect(rewards(incentive, at('approved', true, false))).toBe(true);
    expect(rewards(incentive, at('approved', false, true))).toBe(false);
    expect(rewards(incentive, at('submitted', true, false))).toBe(false);
    expect(rewards({ ...incentive, reward: 'photo' }, at('approved', true, false))).toBe(true);
    expect(rewards({ ...incentive, reward: 'photo' }, at('approved', false, false))).toBe(false);
    expect(rewards({ ...incentive, reward: 'any' }, at('approved', false, false))).toBe(true);
    expect(rewards({ ...incentive, reward: 'none' }, at('approved', true, true))).toBe(false);
  });
  it('makes codes a buyer can type, different each time', () => {
    const codes = new Set(Array.from({ length: 200 }, newDiscountCode));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).not.toMatch(/[01IO]/);
  });
});
