import { redactUrl } from './redact-url.js';

describe('redactUrl', () => {
  it('hides reset codes, invitation tokens and refresh tokens, keeping the rest', () => {
    expect(redactUrl('/reset-password?code=abc-123')).toBe('/reset-password?code=[redacted]');
    expect(redactUrl('/register?platform=shopify&token=s3cr3t&x=1')).toBe(
      '/register?platform=shopify&token=[redacted]&x=1',
    );
    expect(redactUrl('/api/auth/invitations/verify/s3cr3t/')).toBe('/api/auth/invitations/verify/[redacted]/');
    expect(redactUrl('/api/reviews?search=code&page=2')).toBe('/api/reviews?search=code&page=2');
    expect(redactUrl('/api/auth/shopify/callback/?code=c0de&hmac=ab&shop=s.myshopify.com&state=n0nce')).toBe(
      '/api/auth/shopify/callback/?code=[redacted]&hmac=ab&shop=s.myshopify.com&state=[redacted]',
    );
  });
});
