// The Admin GraphQL operations the app sends (EXTERNAL_APIS §1.1), each named: the fake Shopify in test/fakes answers
// them by `operationName`. Answers are typed as far as the app reads them.

export const SHOP_INFO = `query ShopInfo {
  shop { id name email myshopifyDomain currencyCode ianaTimezone primaryDomain { host url } }
  shopLocales { locale primary }
  currentAppInstallation { id }
}`;

export interface TShopInfo {
  shop: {
    id: string;
    name: string;
    email: string | null;
    myshopifyDomain: string;
    currencyCode: string;
    ianaTimezone: string;
    primaryDomain: { host: string; url: string } | null;
  };
  shopLocales: Array<{ locale: string; primary: boolean }>;
  currentAppInstallation: { id: string };
}

export const PRODUCTS_PAGE = `query ProductsPage($first: Int!, $after: String) {
  products(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    nodes {
      id legacyResourceId title handle onlineStoreUrl status
      featuredMedia { preview { image { url } } }
      variants(first: 1) { nodes { sku price } }
    }
  }
}`;

export interface TProductNode {
  id: string;
  legacyResourceId: string;
  title: string;
  handle: string;
  onlineStoreUrl: string | null;
  status: 'ACTIVE' | 'ARCHIVED' | 'DRAFT' | string;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
  variants: { nodes: Array<{ sku: string | null; price: string | null }> };
}

export interface TProductsPage {
  products: { pageInfo: { hasNextPage: boolean; endCursor: string | null }; nodes: TProductNode[] };
}

export const WEBHOOK_SUBSCRIPTION_CREATE = `mutation WebhookSubscriptionCreate($topic: WebhookSubscriptionTopic!, $uri: String!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

export interface TUserError {
  field: string[] | null;
  message: string;
}

export interface TWebhookSubscriptionCreate {
  webhookSubscriptionCreate: { webhookSubscription: { id: string } | null; userErrors: TUserError[] };
}

/** App-data metafields are readable by the theme app extension as `app.metafields.<namespace>.<key>`. */
export const METAFIELDS_SET = `mutation MetafieldsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id key namespace value }
    userErrors { field message }
  }
}`;

export interface TMetafieldsSet {
  metafieldsSet: {
    metafields: Array<{ id: string; key: string; namespace: string; value: string }>;
    userErrors: TUserError[];
  };
}

export const MAIN_THEME_SETTINGS = `query MainThemeSettings {
  themes(first: 1, roles: [MAIN]) {
    nodes {
      id name
      files(filenames: ["config/settings_data.json"], first: 1) {
        nodes { filename body { ... on OnlineStoreThemeFileBodyText { content } } }
      }
    }
  }
}`;

export interface TMainThemeSettings {
  themes: {
    nodes: Array<{
      id: string;
      name: string;
      files: { nodes: Array<{ filename: string; body: { content?: string } | null }> };
    }>;
  };
}

/** Topics the app subscribes to through the API at install (the privacy topics come from shopify.app.toml). */
export const WEBHOOK_TOPICS = {
  APP_UNINSTALLED: 'app/uninstalled',
  SHOP_UPDATE: 'shop/update',
  PRODUCTS_CREATE: 'products/create',
  PRODUCTS_UPDATE: 'products/update',
  PRODUCTS_DELETE: 'products/delete',
  ORDERS_CREATE: 'orders/create',
  ORDERS_FULFILLED: 'orders/fulfilled',
  ORDERS_PAID: 'orders/paid',
  ORDERS_CANCELLED: 'orders/cancelled',
  /** Refunds: a full one (financial_status `refunded`) cancels the order's review requests. */
  ORDERS_UPDATED: 'orders/updated',
  APP_SUBSCRIPTIONS_UPDATE: 'app_subscriptions/update',
} as const;

/** The metafield holding the store's loader URL, which the theme app embed block reads. */
export const LOADER_METAFIELD = { namespace: 'video_reviews', key: 'loader_url' } as const;
/** The widget's layout settings, which the product reviews app block draws its skeleton from (JSON). */
export const WIDGET_METAFIELD = { namespace: 'video_reviews', key: 'widget' } as const;

/** Billing (EXTERNAL_APIS §1.3): a recurring charge the merchant approves on Shopify; a new one replaces the old. */
export const APP_SUBSCRIPTION_CREATE = `mutation AppSubscriptionCreate($name: String!, $returnUrl: URL!, $test: Boolean, $trialDays: Int, $lineItems: [AppSubscriptionLineItemInput!]!) {
  appSubscriptionCreate(name: $name, returnUrl: $returnUrl, test: $test, trialDays: $trialDays, replacementBehavior: APPLY_IMMEDIATELY, lineItems: $lineItems) {
    appSubscription { id status }
    confirmationUrl
    userErrors { field message }
  }
}`;

export interface TAppSubscriptionCreate {
  appSubscriptionCreate: {
    appSubscription: { id: string; status: string } | null;
    confirmationUrl: string | null;
    userErrors: TUserError[];
  };
}

export const APP_SUBSCRIPTION_STATUS = `query AppSubscriptionStatus($id: ID!) {
  node(id: $id) { ... on AppSubscription { id name status trialDays createdAt currentPeriodEnd test } }
}`;

export interface TAppSubscriptionStatus {
  node: {
    id: string;
    name: string;
    status: 'ACTIVE' | 'CANCELLED' | 'DECLINED' | 'EXPIRED' | 'FROZEN' | 'PENDING' | 'ACCEPTED';
    trialDays: number;
    createdAt: string;
    currentPeriodEnd: string | null;
    test: boolean;
  } | null;
}

/** Products' ratings in the standard metafields themes read (`product.metafields.reviews.rating`). */
export const RATING_METAFIELDS = {
  rating: { namespace: 'reviews', key: 'rating' },
  count: { namespace: 'reviews', key: 'rating_count' },
} as const;

/** The products' current ratings (null for a product Shopify no longer has), so unchanged ones are not written. */
export const RATINGS_READ = `query RatingsRead($ids: [ID!]!) {
  nodes(ids: $ids) {
    ... on Product {
      id
      rating: metafield(namespace: "reviews", key: "rating") { value }
      ratingCount: metafield(namespace: "reviews", key: "rating_count") { value }
    }
  }
}`;

export interface TRatingsRead {
  nodes: Array<{ id: string; rating: { value: string } | null; ratingCount: { value: string } | null } | null>;
}

export const RATINGS_SET = `mutation RatingsSet($metafields: [MetafieldsSetInput!]!) {
  metafieldsSet(metafields: $metafields) {
    metafields { id key namespace value }
    userErrors { field message code }
  }
}`;

export interface TRatingsSet {
  metafieldsSet: {
    metafields: Array<{ id: string; key: string; namespace: string; value: string }> | null;
    userErrors: Array<TUserError & { code: string | null }>;
  };
}

export const RATINGS_DELETE = `mutation RatingsDelete($metafields: [MetafieldIdentifierInput!]!) {
  metafieldsDelete(metafields: $metafields) {
    deletedMetafields { ownerId namespace key }
    userErrors { field message }
  }
}`;

export interface TRatingsDelete {
  metafieldsDelete: {
    deletedMetafields: Array<{ ownerId: string; namespace: string; key: string } | null> | null;
    userErrors: TUserError[];
  };
}

/** The standard definition of `reviews.{key}` on products, from its template (by namespace and key). */
export const RATING_DEFINITION_ENABLE = `mutation RatingDefinitionEnable($ownerType: MetafieldOwnerType!, $namespace: String!, $key: String!) {
  standardMetafieldDefinitionEnable(ownerType: $ownerType, namespace: $namespace, key: $key, pin: true) {
    createdDefinition { id }
    userErrors { field message code }
  }
}`;

export interface TRatingDefinitionEnable {
  standardMetafieldDefinitionEnable: {
    createdDefinition: { id: string } | null;
    userErrors: Array<TUserError & { code: string | null }>;
  };
}
