import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { JwtService } from '@nestjs/jwt';
import { eq, inArray } from 'drizzle-orm';
import request from 'supertest';
import {
  apiKeys,
  invitations,
  memberships,
  merchants,
  moderationSettings,
  plans,
  productWidgetOverrides,
  questions,
  reviewImports,
  reviews,
  subscriptions,
  users,
  webhookEndpoints,
  widgetSettings,
} from '../../server/database/schema.js';
import { API_KEY_SCOPES } from '../../shared/api-keys.js';
import { fixture } from '../factories/reviews.factory.js';
import { joinAsMember, registerOwner, uniqueEmail, type Agent } from './accounts.js';
import { ROOT_DIR } from './pglite-template.js';
import { databaseOf, type TestApp } from './test-app.js';
import { JWT_SECRET } from './test-env.js';

/** A store with its people and data, made through the API as a merchant would. */
export interface Tenant {
  owner: Agent;
  ownerToken: string;
  ownerId: string;
  /** A signed access token of the owner's that expired a minute ago. */
  expiredToken: string;
  member: Agent;
  memberUserId: string;
  workspaceId: string;
  merchantId: string;
  storeId: string;
  reviewIds: { pending: string; approved: string };
  /** The platform id of a product the store has (its first review's). */
  productId: string;
  invitationId: string;
  overrideId: string;
  subscriptionId: string;
  reviewRequestId: string;
  suppressionId: string;
  /** A shopper's question about its first product (asked on the storefront, answered). */
  questionId: string;
  /** A review file uploaded to be imported (previewed, not started). */
  reviewImportId: string;
  /** An API key of the store's holding every scope, its id and the key itself. */
  apiKeyId: string;
  apiKey: string;
  /**
   * A webhook endpoint on a closed local port (its app lets the fetcher reach 127.0.0.1), with one test delivery:
   * the attempt is refused at once and waits for a retry.
   */
  webhookEndpointId: string;
  webhookDeliveryId: string;
}

let shoppers = 0;

async function uploadReview(t: TestApp, ownerToken: string, storeId: string, product: string): Promise<string> {
  shoppers += 1;
  const res = await request(t.app.getHttpServer())
    .post('/api/reviews/upload/')
    .set('Authorization', `JWT ${ownerToken}`)
    .set('X-Forwarded-For', `203.0.113.${shoppers % 250}`)
    .field('merchant_id', storeId)
    .field('product_id', product)
    .field('product_name', `Product ${product}`)
    .field('customer_name', 'Shopper')
    .field('rating', '4')
    .field('comment', `About ${product}`)
    .attach('photo', fixture('photo.jpg'), 'photo.jpg')
    .expect(201);
  return res.body.id as string;
}

export async function createTenant(t: TestApp, label: string): Promise<Tenant> {
  const { agent: owner, user, merchantId, storeId } = await registerOwner(t, { first_name: label });
  const member = await joinAsMember(t, owner);
  const memberUserId = ((await member.get('/api/auth/users/me/').expect(200)).body as { id: string }).id;
  const pending = await uploadReview(t, user.access, storeId, `${label}-1`);
  const approved = await uploadReview(t, user.access, storeId, `${label}-2`);
  await owner.post(`/api/reviews/${approved}/approve/`).expect(200);
  const invitation = await owner
    .post('/api/auth/invitations/')
    .send({ email: uniqueEmail('invitee') })
    .expect(201);
  const override = await owner
    .post('/api/widgets/product-overrides/')
    .send({ product_id: `${label}-1`, position: 'custom', custom_selector: `.${label}-reviews` })
    .expect(201);
  await owner
    .post('/api/widgets/global-settings/')
    .send({ widget_title: `${label} reviews` })
    .expect(200);
  await owner
    .put('/api/moderation/settings/')
    .send({ auto_publish: true, min_rating: 5, blocked_words: [`${label}-word`] })
    .expect(200);
  const reviewRequest = await owner
    .post('/api/review-requests/')
    .send({
      customer_email: uniqueEmail('buyer'),
      order_id: `${label}-order`,
      products: [{ id: `${label}-1`, name: `Product ${label}-1` }],
    })
    .expect(201);
  const suppression = await owner
    .post('/api/review-requests/suppressions/')
    .send({ email: uniqueEmail('suppressed') })
    .expect(201);
  const question = await request(t.app.getHttpServer())
    .post('/api/questions/public/')
    .set('X-Forwarded-For', `203.0.113.${++shoppers % 250}`)
    .send({
      merchant_id: storeId,
      product_id: `${label}-1`,
      name: 'Shopper',
      email: uniqueEmail('asker'),
      question: 'Does it fit?',
    })
    .expect(201);
  await owner.put(`/api/questions/${question.body.id}/answer/`).send({ text: 'Yes.' }).expect(200);
  const reviewImport = await owner
    .post('/api/review-imports/')
    .attach(
      'file',
      Buffer.from(
        `id,created_at,status,rating,comment,customer_name,product_id,verified_purchase\n${label}-r1,2025-05-01T10:00:00Z,approved,5,Imported,Ann,${label}-1,true\n`,
      ),
      'reviews.csv',
    )
    .expect(201);
  const apiKey = await owner
    .post('/api/api-keys/')
    .send({ name: `${label} sync`, scopes: [...API_KEY_SCOPES] })
    .expect(201);
  const endpoint = await owner
    .post('/api/webhook-endpoints/')
    .send({ url: 'http://127.0.0.1:9/hooks', events: ['review.created'] })
    .expect(201);
  const delivery = await owner.post(`/api/webhook-endpoints/${endpoint.body.id}/test/`).expect(202);
  // A store on the free plan has no subscription; a paid one's row is what the billing routes take by id.
  const db = databaseOf(t);
  const [free] = await db.select({ id: plans.id }).from(plans).where(eq(plans.code, 'free'));
  const [subscription] = await db
    .insert(subscriptions)
    .values({ merchantId, planId: free!.id, provider: 'none' })
    .returning({ id: subscriptions.id });
  const expiredToken = await new JwtService({ secret: JWT_SECRET }).signAsync(
    { sub: user.id, typ: 'access', sv: 0 },
    { expiresIn: -60 },
  );
  return {
    owner,
    ownerToken: user.access,
    ownerId: user.id,
    expiredToken,
    member,
    memberUserId,
    workspaceId: user.workspace_id!,
    merchantId,
    storeId,
    reviewIds: { pending, approved },
    productId: `${label}-1`,
    invitationId: invitation.body.id as string,
    overrideId: override.body.id as string,
    subscriptionId: subscription!.id,
    reviewRequestId: reviewRequest.body.id as string,
    suppressionId: suppression.body.id as string,
    questionId: question.body.id as string,
    reviewImportId: reviewImport.body.import.id as string,
    apiKeyId: apiKey.body.id as string,
    apiKey: apiKey.body.key as string,
    webhookEndpointId: endpoint.body.id as string,
    webhookDeliveryId: delivery.body.id as string,
  };
}

/**
 * The tenant's id for a path parameter, keyed by the route's path up to that parameter: `/api/reviews/:id` serves
 * `/api/reviews/:id/approve/` too. Undefined when no entry fits: a new route with a new kind of id needs one line here.
 */
export const TENANT_IDS: Record<string, (tenant: Tenant) => string> = {
  '/api/auth/users/:id': (x) => x.memberUserId,
  '/api/auth/invitations/:id': (x) => x.invitationId,
  '/api/stores/:id': (x) => x.merchantId,
  '/api/merchants/:id': (x) => x.merchantId,
  '/api/billing/subscriptions/:id': (x) => x.subscriptionId,
  '/api/reviews/:id': (x) => x.reviewIds.pending,
  '/api/reviews/public/:reviewId': (x) => x.reviewIds.approved,
  '/api/widgets/product-overrides/:id': (x) => x.overrideId,
  '/api/review-requests/:id': (x) => x.reviewRequestId,
  '/api/review-requests/suppressions/:id': (x) => x.suppressionId,
  '/api/questions/:id': (x) => x.questionId,
  '/api/review-imports/:id': (x) => x.reviewImportId,
  '/api/api-keys/:id': (x) => x.apiKeyId,
  '/api/webhook-endpoints/:id': (x) => x.webhookEndpointId,
  '/api/webhook-endpoints/:id/deliveries/:deliveryId': (x) => x.webhookDeliveryId,
  '/widget/v1/:file': (x) => `${x.storeId}.js`,
  '/widget/v1/assets/:file': () => widgetBundle(),
};

/** The widget's bundle as built for the suites (`npm test` builds the widget before jest runs). */
function widgetBundle(): string {
  const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'dist', 'widget', 'manifest.json'), 'utf8')) as {
    widget: string;
  };
  return manifest.widget;
}

export function tenantIdFor(path: string, param: string, tenant: Tenant): string | undefined {
  const end = path.indexOf(`:${param}`);
  if (end === -1) return undefined;
  return TENANT_IDS[path.slice(0, end + param.length + 1)]?.(tenant);
}

/** Everything of the tenant's a request could change, as stored. */
export async function tenantSnapshot(t: TestApp, tenant: Pick<Tenant, 'merchantId' | 'workspaceId'>) {
  const db = databaseOf(t);
  const people = await db.select().from(memberships).where(eq(memberships.workspaceId, tenant.workspaceId));
  const sorted = <T extends { id: string }>(rows: T[]) => rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    merchant: await db.select().from(merchants).where(eq(merchants.id, tenant.merchantId)),
    settings: await db.select().from(widgetSettings).where(eq(widgetSettings.merchantId, tenant.merchantId)),
    moderation: await db.select().from(moderationSettings).where(eq(moderationSettings.merchantId, tenant.merchantId)),
    reviews: sorted(await db.select().from(reviews).where(eq(reviews.merchantId, tenant.merchantId))),
    questions: sorted(await db.select().from(questions).where(eq(questions.merchantId, tenant.merchantId))),
    reviewImports: sorted(await db.select().from(reviewImports).where(eq(reviewImports.merchantId, tenant.merchantId))),
    apiKeys: sorted(await db.select().from(apiKeys).where(eq(apiKeys.merchantId, tenant.merchantId))),
    webhookEndpoints: sorted(
      await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.merchantId, tenant.merchantId)),
    ),
    overrides: sorted(
      await db.select().from(productWidgetOverrides).where(eq(productWidgetOverrides.merchantId, tenant.merchantId)),
    ),
    subscriptions: sorted(await db.select().from(subscriptions).where(eq(subscriptions.merchantId, tenant.merchantId))),
    memberships: sorted(people),
    users: sorted(
      await db
        .select({
          id: users.id,
          email: users.email,
          passwordHash: users.passwordHash,
          sessionVersion: users.sessionVersion,
          isActive: users.isActive,
          firstName: users.firstName,
          lastName: users.lastName,
          phone: users.phone,
          profilePhotoKey: users.profilePhotoKey,
        })
        .from(users)
        .where(
          inArray(
            users.id,
            people.map((row) => row.userId),
          ),
        ),
    ),
    invitations: sorted(await db.select().from(invitations).where(eq(invitations.workspaceId, tenant.workspaceId))),
  };
}
