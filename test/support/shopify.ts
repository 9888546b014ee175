import type request from 'supertest';
import type { FakeShopify } from '../fakes/shopify.js';
import { WebhookInbox } from '../../server/inbox/webhook-inbox.service.js';
import { PUBLIC_URL, browserAgent, registration, type Agent } from './accounts.js';
import type { TestApp } from './test-app.js';

/** The environment that points the app at a fake Shopify. */
export function shopifyEnv(shopify: FakeShopify): Record<string, string> {
  return {
    PUBLIC_URL,
    SHOPIFY_API_KEY: shopify.apiKey,
    SHOPIFY_API_SECRET: shopify.apiSecret,
    SHOPIFY_API_URL: shopify.url,
  };
}

/** Path and query of an absolute URL on the app, for supertest. */
export function pathOf(url: string): string {
  const parsed = new URL(url, PUBLIC_URL);
  return parsed.pathname + parsed.search;
}

/** Follows the app's redirect to Shopify's approval screen, which the fake approves at once: the callback URL. */
export async function approveAt(authorizeUrl: string): Promise<string> {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  if (res.status !== 302) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  return res.headers.get('location') as string;
}

/**
 * A merchant installs (or opens) the app from Shopify's admin in the browser `agent` holds: the signed app URL, the
 * approval, and the callback, which redirects (303). Returns the callback's answer.
 */
export async function installFromAdmin(agent: Agent, shopify: FakeShopify, shop: string): Promise<request.Response> {
  const opened = await agent.get(pathOf(shopify.appOpenUrl(`${PUBLIC_URL}/api/auth/shopify/`, shop))).expect(302);
  const callback = await approveAt(opened.headers.location as string);
  return agent.get(pathOf(callback)).expect(303);
}

/** Waits until the app has processed the platform events it received. */
export function inboxIdle(t: TestApp): Promise<void> {
  return t.app.get(WebhookInbox).idle();
}

/** The merchant id in an install's redirect to install-mode sign-up. */
export function merchantIdOf(location: string): string {
  const id = new URL(location, PUBLIC_URL).searchParams.get('merchant_id');
  if (!id) throw new Error(`no merchant_id in ${location}`);
  return id;
}

export interface InstalledStore {
  shop: string;
  owner: Agent;
  ownerEmail: string;
  merchantId: string;
  storeId: string;
}

let stores = 0;
/** A shop the fake knows, installed from Shopify's admin and signed up for; the install's follow-up work done. */
export async function installedStore(
  t: TestApp,
  shopify: FakeShopify,
  products: Array<{ id: string; title: string; handle: string; price?: string }> = [],
): Promise<InstalledStore> {
  stores += 1;
  const shop = `store-${stores}-${Date.now().toString(36)}.myshopify.com`;
  shopify.addShop({ domain: shop, name: `Store ${stores}`, timezone: 'UTC' });
  shopify.addProducts(shop, products);
  const owner = browserAgent(t);
  const merchantId = merchantIdOf((await installFromAdmin(owner, shopify, shop)).headers.location as string);
  const body = registration({ merchant_id: merchantId });
  const res = await owner.post('/api/auth/register/').send(body).expect(201);
  await inboxIdle(t);
  return { shop, owner, ownerEmail: body.email!, merchantId, storeId: res.body.merchant.store_id as string };
}
