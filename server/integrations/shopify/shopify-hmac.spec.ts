import { createHmac } from 'node:crypto';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, LogSeverity, shopifyApi } from '@shopify/shopify-api';
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

  it('signs sorted parameters without hmac and signature, spaces as +', () => {
    expect(signedQueryMessage({ timestamp: '1', shop: 'a b', hmac: 'x', signature: 'y', code: '&=+' })).toBe(
      'code=%26%3D%2B&shop=a+b&timestamp=1',
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

describe('Shopify query HMAC beside Shopify’s own library (@shopify/shopify-api)', () => {
  const SECRET = 'hush';
  const shopify = shopifyApi({
    apiKey: 'reviews',
    apiSecretKey: SECRET,
    hostName: 'reviews.test',
    apiVersion: ApiVersion.October25,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error },
  });
  /** The library's verdict; it throws on a stale timestamp, which is a refusal too. */
  const library = (query: Record<string, string>) => shopify.utils.validateHmac(query).catch(() => false);
  const hmacOf = (message: string) => createHmac('sha256', SECRET).update(message).digest('hex');

  it.each<[string, Record<string, string>]>([
    ['a space', { state: 'a b  c ' }],
    ['a plus', { state: '1+1 = 2' }],
    ['& and =', { state: 'a&b=c&', code: '==' }],
    ['a percent sign', { state: '100% off, %20 and %2B' }],
    ['unicode', { state: 'café 😀 日本語', locale: 'pt-BR' }],
    ['characters left unencoded or not', { state: '*-._~!\'()[]{}|\\^`"<>#?/:;,@$' }],
    ['keys that sort apart by code unit and by locale', { Zed: '1', alpha: '2', _u: '3', 'a-b': '4', ab: '5' }],
    ['an empty value', { state: '' }],
  ])('with %s, accepts what the library accepts and refuses what it refuses', async (_case, values) => {
    const query = { shop: 'some-shop.myshopify.com', timestamp: String(Math.floor(Date.now() / 1000)), ...values };
    const message = signedQueryMessage(query);
    const late = { ...query, timestamp: String(Number(query.timestamp) - 91) };
    const candidates: Record<string, Record<string, string>> = {
      signed: { ...query, hmac: queryHmac(query, SECRET) },
      'spaces signed as %20': { ...query, hmac: hmacOf(message.replace(/\+/g, '%20')) },
      'a value changed': { ...query, shop: 'evil.myshopify.com', hmac: queryHmac(query, SECRET) },
      'a parameter added': { ...query, extra: 'x', hmac: queryHmac(query, SECRET) },
      'another secret': { ...query, hmac: queryHmac(query, 'other') },
      stale: { ...late, hmac: queryHmac(late, SECRET) },
    };
    const verdicts = async (candidate: Record<string, string>) => [
      await library(candidate),
      verifyQuery(candidate, SECRET),
    ];
    // The library accepts only the HMAC of the message it builds itself, so accepting ours shows both messages are the
    // same bytes: what its signer signs, ours accepts.
    expect(await verdicts(candidates.signed)).toEqual([true, true]);
    for (const [name, candidate] of Object.entries(candidates)) {
      const [theirs, ours] = await verdicts(candidate);
      expect([name, ours]).toEqual([name, theirs]);
    }
  });

  it('is stricter than the library about a missing timestamp, which its 90 s check lets through', async () => {
    const undated = { shop: 'some-shop.myshopify.com', state: 'a b' };
    const signed = { ...undated, hmac: queryHmac(undated, SECRET) };
    expect([await library(signed), verifyQuery(signed, SECRET)]).toEqual([true, false]);
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
