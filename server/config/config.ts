import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { ZEnv, type TEnv } from './config.schema.js';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** The typed configuration every module receives; built once at boot from the environment. */
export interface AppConfig {
  env: TEnv['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** The start-up check and `/api/ready` report DATA_DIR's disk below this. */
  minFreeDiskBytes: number;
  /** Repository root: where dist/ (vike build) lives. */
  rootDir: string;
  database: { url?: string; poolSize: number; pgliteDir: string };
  redis: { url?: string; keyPrefix: string; commandTimeoutMs: number };
  secrets: { jwt: string; encryptionKey: string };
  mail: { smtpUrl?: string; from: string; outboxDir: string };
  logLevel: TEnv['LOG_LEVEL'];
  trustProxy: boolean;
  shutdownTimeoutMs: number;
  /** A product's ratings reach its platform this long after the last change to its reviews (a burst is one call). */
  platformRatingsDelayMs: number;
  reviewRequestSendLeaseMs: number;
  /** When set, `GET /metrics` asks for `Authorization: Bearer <token>`. */
  metricsToken?: string;
  /** The calls one API key may make a minute, over every instance. */
  apiKeys: { ratePerMinute: number };
  uploads: {
    maxVideoBytes: number;
    maxPhotoBytes: number;
    mediaDir: string;
    /** A request body that sends no byte for this long is cut (server/common/body-idle-timeout.ts). */
    idleTimeoutMs: number;
  };
  processing: {
    enabled: boolean;
    ffmpeg: string;
    ffprobe: string;
    maxHeight: number;
    videoKbps: number;
    timeoutMs: number;
    /** Videos longer than this, or larger than `maxFramePx` on their long side, are refused before any transcoding. */
    maxDurationS: number;
    maxFramePx: number;
    /** Media jobs this instance runs at once. */
    workers: number;
  };
  s3?: {
    endpoint?: string;
    bucket: string;
    region?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    /** Base URL of the bucket's `public/` prefix, readable by anyone: published reviews' files are served from it. */
    publicUrl?: string;
  };
  stripe: {
    secretKey?: string;
    webhookSecret?: string;
    apiUrl?: string;
    publishableKey?: string;
    jsUrl: string;
    /** Stripe price id by plan code. */
    priceIds: Record<string, string>;
  };
  billing: { graceDays: number };
  shopify: {
    apiKey?: string;
    apiSecret?: string;
    apiUrl?: string;
    apiVersion: string;
    listingUrl?: string;
    billingTest: boolean;
  };
  bigcommerce: { apiUrl: string; clientSecret?: string };
  tiendanube: {
    clientId?: string;
    clientSecret?: string;
    apiUrl: string;
    authUrl: string;
    listingUrl?: string;
  };
  /** Where merchants who signed up here write to be connected (the Tienda Nube page): none without SUPPORT_EMAIL. */
  supportEmail: string | null;
  /** The contact a platform asks for (Tienda Nube's User-Agent): SUPPORT_EMAIL, else MAIL_FROM's address. */
  contactEmail: string;
  /** Fetching URLs users give (import media, webhook endpoints): server/outbound/. */
  outbound: {
    /** Non-public addresses and ranges the fetcher may reach all the same (tests only); empty in production. */
    allowPrivate: string[];
  };
  /** Listing URL of each sibling app, by key (shared/other-apps.ts); missing keys use the built-in addresses. */
  otherAppsUrls: Record<string, string>;
}

/** The address part of `Name <address>`. */
export function addressOf(from: string): string {
  return from.match(/<([^>]+)>/)?.[1] ?? from.trim();
}

function pairs(value: string | undefined): Record<string, string> {
  return Object.fromEntries(
    (value ?? '')
      .split(',')
      .filter((pair) => pair.includes('='))
      .map((pair) => {
        const at = pair.indexOf('=');
        return [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      }),
  );
}

/**
 * Two where the machine has two cores or more: one ffmpeg already uses every core, so a second one adds little
 * throughput, but it keeps a photo or another store's short video from waiting minutes behind a long video. More
 * only multiplies memory (each 4K-to-720p ffmpeg peaks near 250 MB), so it is for machines sized for it.
 */
function defaultMediaWorkers(): number {
  return Math.min(2, availableParallelism());
}

export function parseEnv(env: Record<string, string | undefined>): TEnv {
  const result = ZEnv.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  if (result.data.MEDIA_PUBLIC_URL && !result.data.S3_BUCKET) {
    throw new ConfigError(['MEDIA_PUBLIC_URL: serves files from a bucket, so it needs S3_BUCKET']);
  }
  return result.data;
}

interface StoredSecrets {
  jwt: string;
  encryptionKey: string;
}

/** Secrets not given are generated once and kept in DATA_DIR so a restart keeps sessions valid. */
function loadOrCreateSecrets(dataDir: string, given: Partial<StoredSecrets>): StoredSecrets {
  if (given.jwt && given.encryptionKey) return { jwt: given.jwt, encryptionKey: given.encryptionKey };
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<StoredSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  const secrets: StoredSecrets = {
    jwt: stored.jwt ?? randomBytes(48).toString('base64url'),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('hex'),
  };
  if (stored.jwt !== secrets.jwt || stored.encryptionKey !== secrets.encryptionKey) {
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return { jwt: given.jwt ?? secrets.jwt, encryptionKey: given.encryptionKey ?? secrets.encryptionKey };
}

export function loadConfig(env: Record<string, string | undefined>, rootDir = process.cwd()): AppConfig {
  const e = parseEnv(env);
  const dataDir = resolve(rootDir, e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(dataDir, { jwt: e.JWT_SECRET, encryptionKey: e.ENCRYPTION_KEY });
  const mb = 1024 * 1024;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    dataDir,
    minFreeDiskBytes: e.MIN_FREE_DISK_MB * mb,
    rootDir,
    database: { url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE, pgliteDir: join(dataDir, 'pglite') },
    redis: { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX, commandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS },
    secrets,
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    platformRatingsDelayMs: e.PLATFORM_RATINGS_DELAY_MS,
    reviewRequestSendLeaseMs: e.REVIEW_REQUEST_SEND_LEASE_S * 1000,
    metricsToken: e.METRICS_TOKEN,
    apiKeys: { ratePerMinute: e.API_KEY_RATE_PER_MINUTE },
    uploads: {
      maxVideoBytes: e.MAX_VIDEO_MB * mb,
      maxPhotoBytes: e.MAX_PHOTO_MB * mb,
      mediaDir: join(dataDir, 'media'),
      idleTimeoutMs: e.UPLOAD_IDLE_TIMEOUT_S * 1000,
    },
    processing: {
      enabled: e.MEDIA_PROCESSING,
      ffmpeg: e.FFMPEG_PATH,
      ffprobe: e.FFPROBE_PATH,
      maxHeight: e.MEDIA_VIDEO_MAX_HEIGHT,
      videoKbps: e.MEDIA_VIDEO_KBPS,
      timeoutMs: e.MEDIA_PROCESS_TIMEOUT_S * 1000,
      maxDurationS: e.MEDIA_MAX_DURATION_S,
      maxFramePx: e.MEDIA_MAX_FRAME_PX,
      workers: e.MEDIA_WORKERS ?? defaultMediaWorkers(),
    },
    s3: e.S3_BUCKET
      ? {
          endpoint: e.S3_ENDPOINT,
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          publicUrl: e.MEDIA_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET,
      apiUrl: e.STRIPE_API_URL,
      publishableKey: e.STRIPE_PUBLISHABLE_KEY,
      jsUrl: e.STRIPE_JS_URL,
      priceIds: Object.fromEntries(
        (e.STRIPE_PRICE_IDS ?? '')
          .split(',')
          .filter((pair) => pair.includes('='))
          .map((pair) => pair.split('=').map((part) => part.trim()) as [string, string]),
      ),
    },
    billing: { graceDays: e.BILLING_GRACE_DAYS },
    shopify: {
      apiKey: e.SHOPIFY_API_KEY,
      apiSecret: e.SHOPIFY_API_SECRET,
      apiUrl: e.SHOPIFY_API_URL?.replace(/\/$/, ''),
      apiVersion: e.SHOPIFY_API_VERSION,
      listingUrl: e.SHOPIFY_APP_LISTING_URL,
      billingTest: e.SHOPIFY_BILLING_TEST,
    },
    bigcommerce: {
      apiUrl: (e.BIGCOMMERCE_API_URL ?? 'https://api.bigcommerce.com').replace(/\/$/, ''),
      clientSecret: e.BIGCOMMERCE_CLIENT_SECRET,
    },
    tiendanube: {
      clientId: e.TIENDANUBE_CLIENT_ID,
      clientSecret: e.TIENDANUBE_CLIENT_SECRET,
      apiUrl: (e.TIENDANUBE_API_URL ?? 'https://api.tiendanube.com').replace(/\/$/, ''),
      authUrl: (e.TIENDANUBE_AUTH_URL ?? 'https://www.tiendanube.com').replace(/\/$/, ''),
      listingUrl: e.TIENDANUBE_APP_LISTING_URL,
    },
    supportEmail: e.SUPPORT_EMAIL ?? null,
    contactEmail: e.SUPPORT_EMAIL ?? addressOf(e.MAIL_FROM),
    otherAppsUrls: pairs(e.OTHER_APPS_URLS),
    outbound: { allowPrivate: e.IMPORT_ALLOW_PRIVATE_HOSTS },
  };
}
