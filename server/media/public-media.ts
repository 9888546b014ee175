/**
 * Published files served by the bucket itself (or a CDN in front of it) rather than through the app: a published
 * review's files are copied under the bucket's `public/` prefix, which only that prefix's policy makes readable, and
 * removed from it when the review stops being published. Everything else stays private, served through the app.
 */
export interface PublicMedia {
  /** Copies `key` (already stored) to its public place; idempotent. */
  publish(key: string): Promise<void>;
  /** Removes the public copy of `key`, if any; idempotent. */
  unpublish(key: string): Promise<void>;
  /** The absolute URL of the public copy of `key`. */
  publicUrlOf(key: string): string;
}

export const PUBLIC_MEDIA = Symbol('PUBLIC_MEDIA');

export const publicKeyOf = (key: string) => `public/${key}`;
