/** Stable reasons a fetch of a user-given URL failed: import reports and webhook delivery logs show them. */
export type TSafeFetchErrorCode =
  | 'url_invalid'
  | 'url_scheme'
  | 'url_credentials'
  | 'dns'
  | 'private_address'
  | 'connection'
  | 'timeout'
  | 'too_many_redirects'
  | 'too_large'
  | 'http_status'
  | 'content_type';

export class SafeFetchError extends Error {
  constructor(
    readonly code: TSafeFetchErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}
