import request from 'supertest';
import type { TQuestionAsk } from '../../shared/questions.js';
import type { TReview } from '../../shared/reviews.js';
import type { TReviewImportPreview } from '../../shared/review-imports.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner, type RegisteredOwner } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Issue 29: what the merchant came for is in the server's HTML. Pages that fetched it after hydration painted
// "Loading…" first, then grew (and shifted) once it came.

let t: TestApp;
let http: ReturnType<typeof request>;
let owner: RegisteredOwner;
let cookie: string;
/** A shopper's comment that would end the page's state script early if it were written into it as it is. */
const SCRIPT_COMMENT = '</script><script>window.pwned = 1</script>';

beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
  owner = await registerOwner(t);
  cookie = `access_token=${owner.user.access}`;
  await seedReviews(t, owner.merchantId, 3, { comment: (i) => (i === 0 ? SCRIPT_COMMENT : '') });
  const ask: TQuestionAsk = {
    merchant_id: owner.storeId,
    product_id: 'mug',
    product_name: 'Blue Mug',
    name: 'Ana Souza',
    email: 'ana@example.com',
    question: 'Does the drawn mug keep tea hot?',
  };
  await http.post('/api/questions/public/').send(ask).expect(201);
  const file =
    'id,created_at,status,deleted_at,rating,comment,customer_name,customer_email,verified_purchase,source,' +
    'product_id,product_name,product_sku,product_url,pinned,flags,reply,reply_created_at,video_url,photo_url,' +
    'thumbnail_url\nimp-1,2025-05-01T10:00:00.000Z,approved,,4,Lovely,Bea,,true,widget,prod-1,Mug,,,false,,,,,,';
  const preview = (
    await owner.agent.post('/api/review-imports/').attach('file', Buffer.from(file), 'drawn-import.csv').expect(201)
  ).body as TReviewImportPreview;
  await owner.agent.post(`/api/review-imports/${preview.import.id}/start/`).expect(202);
  await t.app.get(JobQueue).settled();
});
afterAll(() => t.close());

/** The page as the browser paints it before any script runs: the serialized texts and state left out. */
async function painted(path: string): Promise<string> {
  const res = await http.get(path).set('cookie', cookie).expect(200);
  return res.text.replace(/<script\b[\s\S]*?<\/script>/g, '');
}

describe('a first load', () => {
  it("sends the reviews page's reads along as JSON text that a shopper's comment cannot end", async () => {
    const res = await http.get('/reviews').set('cookie', cookie).expect(200);
    const state = /<script id="vike_pageContext" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(res.text);
    expect(state).not.toBeNull();
    expect(res.text).not.toContain('<script>window.pwned');
    const { data } = JSON.parse(state![1]) as { data: { dehydratedJson: string } };
    const [list] = (JSON.parse(data.dehydratedJson) as { queries: Array<{ state: { data: { results: TReview[] } } }> })
      .queries;
    expect(list.state.data.results.map((review) => review.comment)).toContain(SCRIPT_COMMENT);
  });

  it("writes the page's texts into it before vike's state, which no longer carries them", async () => {
    const html = (await http.get('/reviews').set('cookie', cookie).expect(200)).text;
    const texts = /<script id="page-texts" type="application\/json">([\s\S]*?)<\/script>/.exec(html);
    expect(texts).not.toBeNull();
    const messages = JSON.parse(texts![1]) as { reviews?: { lead?: string }; nav?: unknown };
    expect(messages.nav).toBeDefined();
    expect(messages.reviews?.lead).toBeTruthy();
    expect(html).toContain(messages.reviews!.lead!);
    expect(texts!.index).toBeLessThan(html.indexOf('<script id="vike_pageContext"'));
    const state = /<script id="vike_pageContext"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1];
    expect(state).not.toContain(messages.reviews!.lead!);
  });

  it('draws the plan, its usage and the plans on sale on the billing page', async () => {
    const html = await painted('/settings/billing');
    expect(html).toContain('data-testid="billing-status"');
    expect(html).toContain('data-testid="billing-usage"');
    for (const plan of ['free', 'starter', 'growth', 'scale'])
      expect(html).toContain(`data-testid="billing-plan-${plan}"`);
    expect(html).not.toContain('data-testid="billing-loading"');
    expect(html).not.toMatch(/Loading/);
  });

  it("draws the integrations with the Google feed's address, and each platform's page with its state", async () => {
    const { google_feed_url: feedUrl } = (await owner.agent.get('/api/installation/snippet/').expect(200)).body as {
      google_feed_url: string;
    };
    const integrations = await painted('/settings/integrations');
    expect(integrations).toContain('data-testid="google-feed-url"');
    expect(integrations).toContain(feedUrl);
    expect(integrations).not.toMatch(/Loading/);

    const shopify = await painted('/settings/integrations/shopify');
    expect(shopify).toContain('data-testid="shopify-step-1"');
    expect(shopify).toContain(`Running for store ${owner.storeId}`);
    const bigcommerce = await painted('/settings/integrations/bigcommerce');
    expect(bigcommerce).toContain('data-testid="bigcommerce-step-1"');
    const tiendanube = await painted('/settings/integrations/tiendanube');
    expect(tiendanube).toContain('data-testid="tiendanube-checklist"');
    for (const html of [shopify, bigcommerce, tiendanube]) {
      expect(html).not.toContain('-loading"');
      expect(html).not.toMatch(/Loading/);
    }
  });

  it('draws the other apps, the import history, the notification form and the questions', async () => {
    const otherApps = await painted('/settings/other-apps');
    expect(otherApps.match(/data-testid="other-app-\w+"/g)).toHaveLength(4);
    const imports = await painted('/settings/import-export');
    expect(imports).toContain('data-testid="import-history"');
    expect(imports).toContain('drawn-import.csv');
    await owner.agent
      .put('/api/notifications/preferences/')
      .send({ new_reviews: 'digest', low_rating_instant: true })
      .expect(200);
    const account = await painted('/settings/account');
    expect(account).toContain('data-testid="notifications-form"');
    expect(account).toMatch(/<input(?=[^>]*value="digest")(?=[^>]*checked="")[^>]*>/);
    const questions = await painted('/questions');
    expect(questions.match(/data-testid="question-card"/g)).toHaveLength(1);
    expect(questions).toContain('Does the drawn mug keep tea hot?');
    for (const html of [otherApps, imports, account, questions]) expect(html).not.toMatch(/Loading/);
  });

  it("draws the widget settings' installation script with the store's id", async () => {
    const html = await painted('/widget-settings');
    expect(html).toContain(`data-testid="install-store-id">${owner.storeId}<`);
    expect(html).not.toContain('Loading the installation script');
    expect(html).not.toContain('Loading your widget settings');
  });
});
