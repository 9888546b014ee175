/** A store platform's API refused or failed a call. Messages never carry credentials. */
export class PlatformError extends Error {
  constructor(
    readonly kind: 'unauthorized' | 'unavailable' | 'rejected',
    message: string,
    readonly status?: number,
    /** The platform's own error code, where it gives one (Shopify's `ACCESS_DENIED`). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'PlatformError';
  }
}
