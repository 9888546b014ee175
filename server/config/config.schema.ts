import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const emptyToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = (protocols: string[]) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && protocols.some((p) => value.startsWith(`${p}://`)), {
        message: `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
      })
      .optional(),
  );
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0'])
      .default(fallback ? 'true' : 'false')
      .transform((v) => v === 'true' || v === '1'),
  );
const positiveInt = (fallback: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().positive().default(fallback));

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
export const ZEnv = z.object({
  NODE_ENV: z.preprocess(emptyToUndefined, z.enum(['development', 'production', 'test']).default('production')),
  PORT: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(emptyToUndefined, z.string().default('0.0.0.0')),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.preprocess(emptyToUndefined, z.string().default('./data')),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: positiveInt(10),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  REDIS_KEY_PREFIX: z.preprocess(emptyToUndefined, z.string().default('vr:')),
  /** How long one Redis command may take before the cache answers from process memory instead. */
  REDIS_COMMAND_TIMEOUT_MS: positiveInt(500),
  JWT_SECRET: z.preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional()),
  ENCRYPTION_KEY: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')
      .optional(),
  ),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default('Video Reviews <no-reply@localhost>')),
  LOG_LEVEL: z.preprocess(
    emptyToUndefined,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  TRUST_PROXY: bool(false),
  SHUTDOWN_TIMEOUT_MS: positiveInt(10_000),
  PLATFORM_RATINGS_DELAY_MS: positiveInt(10_000),
  /**
   * How long an instance holds a review request mail it is sending: past it, another instance sends it (the first
   * died). Longer than a batch of mails takes to go out.
   */
  REVIEW_REQUEST_SEND_LEASE_S: positiveInt(300),
  METRICS_TOKEN: optionalString,
  /** Calls one API key may make a minute, counted across instances (429 beyond). */
  API_KEY_RATE_PER_MINUTE: positiveInt(600),
  MAX_VIDEO_MB: positiveInt(200),
  MAX_PHOTO_MB: positiveInt(15),
  /** An upload (or any request body) that sends no byte for this long is cut; a tus chunk keeps what arrived. */
  UPLOAD_IDLE_TIMEOUT_S: positiveInt(60),
  /**
   * Re-encode uploaded media (needs ffmpeg). Off only where ffmpeg cannot be installed: files are then shown as
   * uploaded, with their metadata, and a phone's HEVC video plays only in Safari.
   */
  MEDIA_PROCESSING: bool(true),
  /** Uploaded videos are re-encoded to H.264 MP4 with their short side at most this (720 = "720p"). */
  MEDIA_VIDEO_MAX_HEIGHT: positiveInt(720),
  MEDIA_VIDEO_KBPS: positiveInt(2500),
  /** Each ffmpeg run (and each photo's re-encoding) is killed past this. */
  MEDIA_PROCESS_TIMEOUT_S: positiveInt(600),
  /** Longer videos are refused (no review needs them; a 20-minute 4K file would hold a worker for its whole timeout). */
  MEDIA_MAX_DURATION_S: positiveInt(180),
  /** Videos whose picture is larger than this on its long side are refused. */
  MEDIA_MAX_FRAME_PX: positiveInt(4096),
  /** Media jobs one instance runs at once; unset: 2 on a machine of 2 cores or more, else 1 (see config.ts). */
  MEDIA_WORKERS: z.preprocess(emptyToUndefined, z.coerce.number().int().positive().max(64).optional()),
  FFMPEG_PATH: z.preprocess(emptyToUndefined, z.string().default('ffmpeg')),
  FFPROBE_PATH: z.preprocess(emptyToUndefined, z.string().default('ffprobe')),
  /**
   * Lets the SSRF-safe fetcher (server/outbound/) reach non-public addresses, so tests can serve import media and
   * receive webhooks on 127.0.0.1: `true` for every address, or a list such as `127.0.0.1,::1` or `127.0.0.0/8`.
   * Never in production: URLs users give could then reach this machine and its network.
   */
  IMPORT_ALLOW_PRIVATE_HOSTS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default('false')
      .refine(
        (value) =>
          ['true', 'false', '1', '0'].includes(value) ||
          value.split(',').every((part) => ipaddr.isValid(part.trim()) || ipaddr.isValidCIDR(part.trim())),
        'must be true, false, or addresses and ranges like 127.0.0.1,::1 or 127.0.0.0/8',
      )
      .transform((value) => {
        if (value === 'true' || value === '1') return ['0.0.0.0/0', '::/0'];
        if (value === 'false' || value === '0') return [];
        return value.split(',').map((part) => part.trim());
      }),
  ),
  /** Below this much free space on DATA_DIR's disk, the start-up check and `/api/ready` say so. */
  MIN_FREE_DISK_MB: positiveInt(1024),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /**
   * Where the bucket's `public/` prefix is readable by anyone (a bucket policy, or a CDN in front of it): published
   * reviews' files are copied there and storefronts load them from it. Unset: every file is served through the app.
   */
  MEDIA_PUBLIC_URL: optionalUrl(['http', 'https']),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_URL: optionalUrl(['http', 'https']),
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_JS_URL: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .refine((value) => URL.canParse(value) && /^https?:\/\//.test(value), 'must be an http(s) URL')
      .default('https://js.stripe.com/v3/'),
  ),
  /** `starter=price_…,growth=price_…`: the Stripe price of each paid plan, by plan code. */
  STRIPE_PRICE_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*[a-z0-9_-]+\s*=\s*price_\w+\s*(,\s*[a-z0-9_-]+\s*=\s*price_\w+\s*)*$/,
        'must look like starter=price_…,growth=price_…',
      )
      .optional(),
  ),
  BILLING_GRACE_DAYS: z.preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(60).default(7)),
  SHOPIFY_API_KEY: optionalString,
  SHOPIFY_API_SECRET: optionalString,
  SHOPIFY_API_URL: optionalUrl(['http', 'https']),
  SHOPIFY_API_VERSION: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^\d{4}-\d{2}$/, 'must be an API version like 2026-07')
      .default('2026-07'),
  ),
  SHOPIFY_APP_LISTING_URL: optionalUrl(['https', 'http']),
  /** Shopify charges in test mode (development stores), which Shopify never bills. */
  SHOPIFY_BILLING_TEST: bool(false),
  BIGCOMMERCE_API_URL: optionalUrl(['http', 'https']),
  /** A BigCommerce app's client secret: deliveries signed with it (Standard Webhooks) are checked against it too. */
  BIGCOMMERCE_CLIENT_SECRET: optionalString,
  TIENDANUBE_CLIENT_ID: optionalString,
  TIENDANUBE_CLIENT_SECRET: optionalString,
  TIENDANUBE_API_URL: optionalUrl(['http', 'https']),
  /** Stands in for https://www.tiendanube.com (the app's authorize page and token exchange). */
  TIENDANUBE_AUTH_URL: optionalUrl(['http', 'https']),
  TIENDANUBE_APP_LISTING_URL: optionalUrl(['https', 'http']),
  /** Where merchants write for help (the Tienda Nube page's option 2, left out without it). */
  SUPPORT_EMAIL: z.preprocess(emptyToUndefined, z.email({ error: 'must be an email address' }).optional()),
  /** `reels=https://…,voiceSearch=https://…`: the listing of each sibling app on /settings/other-apps. */
  OTHER_APPS_URLS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(
        /^\s*[A-Za-z]+\s*=\s*https?:\/\/\S+?\s*(,\s*[A-Za-z]+\s*=\s*https?:\/\/\S+?\s*)*$/,
        'must look like reels=https://…,voiceSearch=https://…',
      )
      .optional(),
  ),
});
export type TEnv = z.infer<typeof ZEnv>;
