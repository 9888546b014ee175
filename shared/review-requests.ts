import { z } from 'zod';
import { MAX_PAGE_SIZE } from './reviews.js';

// The API contract of review requests (issue 24): the mails a store sends its buyers after an order, their
// reminders, the hosted review page's links, unsubscribes and the suppression list.

export * from './review-request-options.js';
import {
  INCENTIVE_CODE_SOURCES,
  INCENTIVE_REWARDS,
  INCENTIVE_SEND_ON,
  INCENTIVE_VALUE_TYPES,
  REQUEST_LOCALES,
  REQUEST_MAX_PRODUCTS,
  REQUEST_MAX_PRODUCTS_PER_MAIL,
  REQUEST_SHAPES,
  REQUEST_SKIP_REASONS,
  REQUEST_SOURCES,
  REQUEST_STATUSES,
  REQUEST_TRIGGERS,
  SUPPRESSION_REASONS,
} from './review-request-options.js';

/**
 * An address as z.email() takes it, documented by zod's pattern only: JSON Schema's `email` format refuses some of
 * them (a domain label ending in a hyphen), and an answer gives back what was taken.
 */
const ZEmailPattern = (message?: string) => z.string().regex(z.regexes.email, message);

/** "HH:MM", 24 h, store-local. */
const ZClock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'A time like 09:00.');

const ZTemplate = z
  .object({
    subject: z.string().trim().min(1, 'A subject.').max(200, 'At most 200 characters.'),
    heading: z.string().trim().min(1, 'A heading.').max(200, 'At most 200 characters.'),
    body: z.string().trim().min(1, 'A message.').max(2000, 'At most 2,000 characters.'),
  })
  .meta({ id: 'ReviewRequestTemplate' });
export type TRequestTemplate = z.output<typeof ZTemplate>;

const ZIncentive = z
  .object({
    /** What earns the discount: nothing (off), any review, one with a photo or video, one with a video. */
    reward: z.enum(INCENTIVE_REWARDS),
    /** A single-use code made on the store's platform, or one fixed code the merchant typed. */
    code_source: z.enum(INCENTIVE_CODE_SOURCES),
    fixed_code: z.string().trim().max(100).nullable(),
    value_type: z.enum(INCENTIVE_VALUE_TYPES),
    /** Percent (1–100) or integer minor units of the store's currency. */
    value: z.number().int().min(1).max(1_000_000),
    expires_days: z.number().int().min(1).max(365),
    send_on: z.enum(INCENTIVE_SEND_ON),
  })
  .meta({ id: 'ReviewRequestIncentive' });
export type TRequestIncentive = z.output<typeof ZIncentive>;

const ZSettingsFields = z.object({
  enabled: z.boolean(),
  trigger: z.enum(REQUEST_TRIGGERS, { error: 'One of created, paid or fulfilled.' }),
  delay_days: z.number().int().min(0, 'From 0 to 60 days.').max(60, 'From 0 to 60 days.'),
  send_window_start: ZClock,
  send_window_end: ZClock,
  shape: z.enum(REQUEST_SHAPES),
  max_products: z.number().int().min(1).max(REQUEST_MAX_PRODUCTS_PER_MAIL),
  reminders: z.number().int().min(0, 'From 0 to 3.').max(3, 'From 0 to 3.'),
  reminder_interval_days: z.number().int().min(1).max(30),
  link_lifetime_days: z.number().int().min(7, 'From 7 to 365 days.').max(365, 'From 7 to 365 days.'),
  rate_per_minute: z.number().int().min(1).max(600),
  /** Products (platform ids) never asked about. */
  excluded_product_ids: z.array(z.string().trim().min(1).max(200)).max(500),
  /** Where a buyer's reply goes; the mail comes from the operator's MAIL_FROM with the store's name. */
  reply_to: ZEmailPattern('An email address.').nullable(),
  /** Per language; a language left out uses the built-in text. */
  templates: z.object({ en: ZTemplate.optional(), es: ZTemplate.optional(), pt: ZTemplate.optional() }),
  incentive: ZIncentive,
});

/** A store's settings as saved (over the defaults): what GET and PUT /api/review-requests/settings/ answer. */
export const ZReviewRequestSettings = ZSettingsFields.superRefine((body, ctx) => {
  if (body.send_window_start >= body.send_window_end) {
    ctx.addIssue({ code: 'custom', path: ['send_window_end'], message: 'The window ends after it starts.' });
  }
  if (body.incentive.reward !== 'none' && body.incentive.code_source === 'fixed' && !body.incentive.fixed_code) {
    ctx.addIssue({ code: 'custom', path: ['incentive', 'fixed_code'], message: 'Type the code to send.' });
  }
  if (body.incentive.value_type === 'percentage' && body.incentive.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['incentive', 'value'], message: 'From 1 to 100 percent.' });
  }
}).meta({ id: 'ReviewRequestSettings' });
export type TReviewRequestSettings = z.output<typeof ZReviewRequestSettings>;
/** PUT /api/review-requests/settings/ takes any subset; missing fields keep their saved (or default) value. */
export const ZReviewRequestSettingsPatch = ZSettingsFields.extend({ incentive: ZIncentive.partial() }).partial();
export type TReviewRequestSettingsPatch = z.input<typeof ZReviewRequestSettingsPatch>;

/** What a store that never saved gets: requests on, after fulfilment, a week later, one reminder. */
export const REVIEW_REQUEST_DEFAULTS = {
  enabled: true,
  trigger: 'fulfilled',
  delay_days: 7,
  send_window_start: '09:00',
  send_window_end: '20:00',
  shape: 'order',
  max_products: 3,
  reminders: 1,
  reminder_interval_days: 7,
  link_lifetime_days: 90,
  rate_per_minute: 60,
  excluded_product_ids: [],
  reply_to: null,
  templates: {},
  incentive: {
    reward: 'none',
    code_source: 'platform',
    fixed_code: null,
    value_type: 'percentage',
    value: 10,
    expires_days: 30,
    send_on: 'approved',
  },
} as const satisfies TReviewRequestSettings;

const ZRequestProduct = z.object({
  id: z.string().trim().min(1, 'A product id.').max(200),
  name: z.string().trim().min(1, 'A product name.').max(300),
  url: z
    .url({ protocol: /^https?$/, error: 'A link starting with https://.' })
    .max(2000)
    .nullish(),
  image_url: z
    .url({ protocol: /^https?$/, error: 'A link starting with https://.' })
    .max(2000)
    .nullish(),
});

/** POST /api/review-requests/ (and each row of the CSV import): a request for an order from outside a platform. */
export const ZReviewRequestCreate = z.object({
  customer_email: z.email('An email address.').max(254),
  customer_name: z.string().trim().max(150).default(''),
  locale: z.string().trim().max(35).nullish(),
  order_id: z.string().trim().min(1, 'An order id.').max(200),
  products: z
    .array(ZRequestProduct)
    .min(1, 'At least one product.')
    .max(REQUEST_MAX_PRODUCTS, `At most ${REQUEST_MAX_PRODUCTS} products.`),
});
export type TReviewRequestCreate = z.input<typeof ZReviewRequestCreate>;

export const ZReviewRequestListQuery = z.object({
  status: z.enum(REQUEST_STATUSES).optional(),
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} per page.`).default(20),
});
export type TReviewRequestListQuery = z.input<typeof ZReviewRequestListQuery>;

const count = z.int().nonnegative();
const share = z.number().min(0).max(1);
/** An instant as the server writes it (`toISOString()`, UTC). */
const instant = z.iso.datetime({ offset: true });

/**
 * A numbered page of a list: `next` and `previous` are page numbers (not links), null at either end.
 */
function ZNumberedPage<T extends z.ZodType>(item: T) {
  return z.object({
    count,
    next: z.int().min(2).nullable(),
    previous: z.int().min(1).nullable(),
    results: z.array(item),
  });
}

export const ZReviewRequestProduct = z
  .object({
    /** The product's id on the store's platform (or as the API call named it). */
    id: z.string(),
    name: z.string(),
    image_url: z.string().nullable(),
    reviewed: z.boolean(),
  })
  .meta({ id: 'ReviewRequestProduct' });
export type TReviewRequestProduct = z.output<typeof ZReviewRequestProduct>;

export const ZReviewRequest = z
  .object({
    id: z.uuid(),
    order_id: z.string(),
    order_name: z.string(),
    /** j***@example.com: the dashboard never lists buyers' full addresses. */
    email_masked: z.string(),
    customer_name: z.string(),
    locale: z.enum(REQUEST_LOCALES),
    source: z.enum(REQUEST_SOURCES),
    status: z.enum(REQUEST_STATUSES),
    skip_reason: z.enum(REQUEST_SKIP_REASONS).nullable(),
    products: z.array(ZReviewRequestProduct),
    /** The next mail's instant (first mail or reminder), null when nothing more will be sent. */
    scheduled_for: instant.nullable(),
    sent_at: instant.nullable(),
    opened_at: instant.nullable(),
    reviewed_at: instant.nullable(),
    reminders_sent: count,
    last_error: z.string().nullable(),
    created_at: instant,
  })
  .meta({ id: 'ReviewRequest' });
export type TReviewRequest = z.output<typeof ZReviewRequest>;

export const ZReviewRequestPage = ZNumberedPage(ZReviewRequest).meta({ id: 'ReviewRequestPage' });
export type TReviewRequestPage = z.output<typeof ZReviewRequestPage>;

/** POST /api/review-requests/import/ */
export const ZReviewRequestImport = z
  .object({
    /** Requests scheduled (one per mail: an order's, or each product's). */
    scheduled: count,
    /** The file's lines not scheduled, and why. */
    errors: z.array(z.object({ line: z.int().min(1), reason: z.string() })),
  })
  .meta({ id: 'ReviewRequestImport' });
export type TReviewRequestImport = z.output<typeof ZReviewRequestImport>;

/** The funnel for a period: GET /api/review-requests/funnel/?days=30 */
export const ZReviewRequestFunnel = z
  .object({
    days: z.int().min(1).max(365),
    sent: count,
    opened: count,
    reviewed: count,
    /** opened ÷ sent, 0–1; null when nothing was sent. */
    open_rate: share.nullable(),
    /** reviewed ÷ sent, 0–1; null when nothing was sent. */
    review_rate: share.nullable(),
  })
  .meta({ id: 'ReviewRequestFunnel' });
export type TReviewRequestFunnel = z.output<typeof ZReviewRequestFunnel>;

export const ZSuppressionCreate = z.object({ email: z.email('An email address.').max(254) });
export type TSuppressionCreate = z.input<typeof ZSuppressionCreate>;

export const ZSuppression = z
  .object({
    id: z.uuid(),
    /** null once the customer's data was erased: only a hash of the address stays, so it is never mailed again. */
    email: z.string().nullable(),
    reason: z.enum(SUPPRESSION_REASONS),
    detail: z.string().nullable(),
    created_at: instant,
  })
  .meta({ id: 'Suppression' });
export type TSuppression = z.output<typeof ZSuppression>;

/** POST /api/review-requests/preview/ and /test-mail/: the mail as the buyer would get it, with unsaved text. */
export const ZReviewRequestPreview = z.object({
  locale: z.enum(REQUEST_LOCALES),
  template: ZTemplate.optional(),
});
export type TReviewRequestPreview = z.input<typeof ZReviewRequestPreview>;

export const ZReviewRequestMailPreview = z
  .object({ subject: z.string(), html: z.string(), text: z.string() })
  .meta({ id: 'ReviewRequestMailPreview' });
export type TReviewRequestMailPreview = z.output<typeof ZReviewRequestMailPreview>;

/** POST /api/review-requests/test-mail/: the preview went to the signed-in user's address. */
export const ZReviewRequestTestMail = z.object({ sent_to: ZEmailPattern() }).meta({ id: 'ReviewRequestTestMail' });
export type TReviewRequestTestMail = z.output<typeof ZReviewRequestTestMail>;

export const ZSuppressionListQuery = z.object({
  search: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1, 'Pages start at 1.').default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} per page.`).default(20),
});
export type TSuppressionListQuery = z.input<typeof ZSuppressionListQuery>;

export const ZSuppressionPage = ZNumberedPage(ZSuppression).meta({ id: 'SuppressionPage' });
export type TSuppressionPage = z.output<typeof ZSuppressionPage>;
