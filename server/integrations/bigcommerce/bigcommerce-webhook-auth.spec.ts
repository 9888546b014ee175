import {
  standardWebhookSignature,
  tokenMatches,
  verifyStandardWebhook,
  webhookToken,
} from './bigcommerce-webhook-auth.js';

describe('BigCommerce webhook authentication', () => {
  const body = Buffer.from('{"a":1}');

  it('signs as Standard Webhooks does (the reference vector)', () => {
    expect(standardWebhookSignature('hush', 'msg_1', '1700000000', body)).toBe(
      'v1,AUsQlz2Q4YBxs5LUS1wPEUXMUcO8FK9zktz1otvkkmU=',
    );
  });

  it('accepts a matching signature among several, within five minutes', () => {
    const signature = `v1,bm90IGl0 ${standardWebhookSignature('hush', 'msg_1', '1700000000', body)}`;
    const headers = { id: 'msg_1', timestamp: '1700000000', signature };
    expect(verifyStandardWebhook(body, headers, 'hush', 1700000000 + 299)).toBe(true);
    expect(verifyStandardWebhook(body, headers, 'hush', 1700000000 + 301)).toBe(false);
    expect(verifyStandardWebhook(body, headers, 'other', 1700000000)).toBe(false);
    expect(verifyStandardWebhook(Buffer.from('{"a":2}'), headers, 'hush', 1700000000)).toBe(false);
    expect(verifyStandardWebhook(body, { ...headers, id: 'msg_2' }, 'hush', 1700000000)).toBe(false);
    expect(verifyStandardWebhook(body, { ...headers, timestamp: 'soon' }, 'hush', 1700000000)).toBe(false);
    expect(verifyStandardWebhook(body, { id: 'msg_1', timestamp: '1700000000' }, 'hush', 1700000000)).toBe(false);
  });

  it('gives each connection of each store its own token', () => {
    const at = new Date('2026-11-24T00:00:00Z');
    const token = webhookToken('key', 'm1', at);
    expect(tokenMatches(token, webhookToken('key', 'm1', new Date(at)))).toBe(true);
    expect(tokenMatches(token, webhookToken('key', 'm2', at))).toBe(false);
    expect(tokenMatches(token, webhookToken('key', 'm1', new Date(at.getTime() + 1)))).toBe(false);
    expect(tokenMatches(token, webhookToken('other', 'm1', at))).toBe(false);
    expect(tokenMatches(token, undefined)).toBe(false);
  });
});
