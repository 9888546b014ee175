import { billingOperations, type FakeCharge } from './billing.js';
import { discountOperations, type FakeDiscount } from './discounts.js';
import { metafieldOperations, type FakeDefinition } from './metafields.js';
import { shopIdOf, type FakeProduct, type FakeShop } from './payloads.js';

// The Admin GraphQL operations the app sends, answered by name from a shop's state.

export type EmbedState = 'absent' | 'enabled' | 'disabled';

export interface FakeSubscription {
  id: string;
  /** REST-style topic, e.g. `orders/create`. */
  topic: string;
  uri: string;
}

export interface FakeMetafield {
  id: string;
  ownerId: string;
  namespace: string;
  key: string;
  type: string;
  value: string;
}

export interface ShopState {
  shop: FakeShop;
  installationId: string;
  themeId: string;
  products: FakeProduct[];
  embed: EmbedState;
  token: string | null;
  subscriptions: FakeSubscription[];
  metafields: FakeMetafield[];
  /** Metafield definitions enabled from standard templates. */
  definitions: FakeDefinition[];
  charges: FakeCharge[];
  /** The scopes the shop's token was granted. */
  scopes: string[];
  discounts: FakeDiscount[];
}

export interface OperationContext {
  /** A new gid of that type. */
  gid(type: string): string;
  /** Our app embed block's type in settings_data.json. */
  embedType: string;
  /** The fake's own base URL (for confirmation pages). */
  baseUrl: string;
}

type Variables = Record<string, unknown>;
type UserError = { field: string[] | null; message: string };
export type Answer =
  | { data: unknown; cost: number }
  | { errors: Array<{ message: string; extensions?: Record<string, unknown>; path?: string[] }>; data?: unknown };

export const BUCKET = { maximumAvailable: 2000, restoreRate: 1000 };
const EMBED_KEY = '8675309123456789012';
// Another app's embed, so that a client has to pick ours out by type.
const OTHER_EMBED = {
  type: 'shopify://apps/inbox/blocks/chat/841fc607-4637-4679-871d-a1a0ddc1e3c1',
  disabled: false,
  settings: { button_color: '#000000' },
};
// Shopify writes this header on top of settings_data.json, so its JSON has to be found after the comment.
const SETTINGS_HEADER = `/*
 * ------------------------------------------------------------
 * IMPORTANT: The contents of this file are auto-generated.
 *
 * This file may be updated by the Shopify admin theme editor
 * or related systems. Please exercise caution as any changes
 * made to this file may be overwritten.
 * ------------------------------------------------------------
 */
`;

const operations: Record<string, (state: ShopState, variables: Variables, context: OperationContext) => Answer> = {
  ShopInfo: ({ shop, installationId }) => ({
    cost: 3,
    data: {
      shop: {
        id: `gid://shopify/Shop/${shopIdOf(shop.domain)}`,
        name: shop.name,
        email: shop.email,
        myshopifyDomain: shop.domain,
        currencyCode: shop.currency,
        ianaTimezone: shop.timezone,
        primaryDomain: { host: shop.primaryDomain, url: `https://${shop.primaryDomain}` },
      },
      shopLocales: [{ locale: shop.locale, primary: true }],
      currentAppInstallation: { id: installationId },
    },
  }),
  ProductsPage: ({ shop, products }, { first, after }) => {
    if (typeof first !== 'number' || !Number.isInteger(first) || first < 1 || first > 250) {
      return { errors: [{ message: 'Variable $first must be an integer between 1 and 250' }] };
    }
    let start = 0;
    if (after !== undefined && after !== null) {
      const index = products.findIndex((product) => typeof after === 'string' && cursorOf(product) === after);
      if (index === -1) return { errors: [{ message: 'Invalid cursor for current pagination.' }] };
      start = index + 1;
    }
    const page = products.slice(start, start + first);
    const last = page.at(-1);
    return {
      cost: 2 + first,
      data: {
        products: {
          pageInfo: { hasNextPage: start + first < products.length, endCursor: last ? cursorOf(last) : null },
          nodes: page.map((product) => productNode(product, shop)),
        },
      },
    };
  },
  WebhookSubscriptionCreate: (state, { topic, uri }, { gid }) => {
    if (typeof topic !== 'string' || !/^[A-Z]+(_[A-Z]+)+$/.test(topic) || typeof uri !== 'string') {
      return { errors: [{ message: 'Variables $topic and $uri are required' }] };
    }
    // The event is after the last underscore: APP_SUBSCRIPTIONS_UPDATE is app_subscriptions/update.
    const restTopic = topic.toLowerCase().replace(/_([a-z]+)$/, '/$1');
    if (state.subscriptions.some((sub) => sub.topic === restTopic && sub.uri === uri)) {
      const userErrors: UserError[] = [
        { field: ['webhookSubscription', 'callbackUrl'], message: 'Address for this topic has already been taken' },
      ];
      return { cost: 10, data: { webhookSubscriptionCreate: { webhookSubscription: null, userErrors } } };
    }
    const subscription = { id: gid('WebhookSubscription'), topic: restTopic, uri };
    state.subscriptions.push(subscription);
    return {
      cost: 10,
      data: { webhookSubscriptionCreate: { webhookSubscription: { id: subscription.id }, userErrors: [] } },
    };
  },
  MainThemeSettings: ({ themeId, embed }, _variables, { embedType }) => {
    const blocks: Record<string, unknown> = { '2931004567820134655': OTHER_EMBED };
    if (embed !== 'absent') blocks[EMBED_KEY] = { type: embedType, disabled: embed === 'disabled', settings: {} };
    const settings = { current: { type_header_font: 'assistant_n4', blocks, sections: {} } };
    const content = SETTINGS_HEADER + JSON.stringify(settings, null, 2);
    return {
      cost: 4,
      data: {
        themes: {
          nodes: [
            {
              id: themeId,
              name: 'Dawn',
              files: { nodes: [{ filename: 'config/settings_data.json', body: { content } }] },
            },
          ],
        },
      },
    };
  },
};

/** The answer to a named operation, or undefined when the fake does not know it. */
export function answer(
  name: string,
  state: ShopState,
  variables: Variables,
  context: OperationContext,
): Answer | undefined {
  if (Object.hasOwn(billingOperations, name)) return billingOperations[name](state, variables, context);
  if (Object.hasOwn(discountOperations, name)) return discountOperations[name](state, variables, context);
  if (Object.hasOwn(metafieldOperations, name)) return metafieldOperations[name](state, variables, context);
  return Object.hasOwn(operations, name) ? operations[name](state, variables, context) : undefined;
}

export function costExtension(requested: number, actual: number | null, available: number) {
  return {
    cost: {
      requestedQueryCost: requested,
      actualQueryCost: actual,
      throttleStatus: { ...BUCKET, currentlyAvailable: available },
    },
  };
}

// Opaque to clients, like Shopify's: the last id seen, base64 JSON.
function cursorOf(product: FakeProduct): string {
  return Buffer.from(JSON.stringify({ last_id: Number(product.id) })).toString('base64');
}

function productNode(product: FakeProduct, shop: FakeShop) {
  const status = (product.status ?? 'ACTIVE').toUpperCase();
  return {
    id: `gid://shopify/Product/${product.id}`,
    legacyResourceId: product.id,
    title: product.title,
    handle: product.handle,
    // Null unless published to the online store.
    onlineStoreUrl: status === 'ACTIVE' ? `https://${shop.primaryDomain}/products/${product.handle}` : null,
    status,
    featuredMedia: product.image ? { preview: { image: { url: product.image } } } : null,
    variants: { nodes: [{ sku: product.sku ?? null, price: product.price === undefined ? '0.00' : product.price }] },
  };
}
