import { queryHmac, signedQueryMessage, verifyQuery, verifyWebhook, webhookHmac } from './shopify-hmac.js';

// Vectors from the external API reference (recomputed with node:crypto there).
const CALLBACK = { code: '0907a61c0c8d55e99db179b68161bc00', shop: 'some-shop.myshopify.com', timestamp: '1337178173' };
const AT = 1337178173 * 1000;

describe('Shopify query HMAC', () => {
  it('matches the reference vectors', () => {
    expect(queryHmac(CALLBACK, 'hush')).toBe('4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20');
    expect(queryHmac({ ...CALLBACK, state: '0.6784241404160823' }, 'hush')).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
  });

  it('signs sorted parameters without hmac and signature, spaces as %20', () => {
    expect(signedQueryMessage({ timestamp: '1', shop: 'a b', hmac: 'x', signature: 'y', code: '&=' })).toBe(
      'code=%26%3D&shop=a%20b&timestamp=1',
    );
  });

  it('accepts a fresh, correctly signed query', () => {
    const hmac = '4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20';
    expect(verifyQuery({ ...CALLBACK, hmac }, 'hush', AT)).toBe(true);
    expect(verifyQuery({ ...CALLBACK, hmac: hmac.toUpperCase() }, 'hush', AT + 90_000)).toBe(true);
  });

  it('refuses a stale or future timestamp, a wrong secret, a tampered or missing hmac', () => {
    const hmac = queryHmac(CALLBACK, 'hush');
    expect(verifyQuery({ ...CALLBACK, hmac }, 'hush', AT + 91_000)).toBe(false);
    expect(verifyQuery({ ...CALLBACK, hmac }, 'hush', AT - 91_000)).toBe(false);
    expect(verifyQuery({ ...CALLBACK, hmac }, 'other', AT)).toBe(false);
    expect(verifyQuery({ ...CALLBACK, shop: 'evil.myshopify.com', hmac }, 'hush', AT)).toBe(false);
    expect(verifyQuery({ ...CALLBACK, hmac: hmac.slice(0, 63) }, 'hush', AT)).toBe(false);
    expect(verifyQuery(CALLBACK, 'hush', AT)).toBe(false);
    const undated = { code: CALLBACK.code, shop: CALLBACK.shop };
    expect(verifyQuery({ ...undated, hmac: queryHmac(undated, 'hush') }, 'hush', AT)).toBe(false);
  });
});

describe('Shopify webhook HMAC', () => {
  const body = Buffer.from('{"id":1}');

  it('matches the reference vector', () => {
    expect(webhookHmac(body, 'hush')).toBe('VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=');
    expect(verifyWebhook(body, 'VnKUjZsLuN5iZWjn5EntcBVCF9kMN43LglzCE1/GSeY=', 'hush')).toBe(true);
  });

  it('refuses another body, another secret, a missing or malformed header', () => {
    const header = webhookHmac(body, 'hush');
    expect(verifyWebhook(Buffer.from('{"id":2}'), header, 'hush')).toBe(false);
    expect(verifyWebhook(Buffer.from('{"id": 1}'), header, 'hush')).toBe(false);
    expect(verifyWebhook(body, header, 'other')).toBe(false);
    expect(verifyWebhook(body, undefined, 'hush')).toBe(false);
    expect(verifyWebhook(body, 'not base64', 'hush')).toBe(false);
  });
});
