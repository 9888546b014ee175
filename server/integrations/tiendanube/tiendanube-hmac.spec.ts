import { verifyWebhook, webhookHmac } from './tiendanube-hmac.js';

describe('Tienda Nube webhook HMAC', () => {
  const body = '{"store_id":123,"event":"product/created","id":1948209}';
  const vector = '5eb86ac76a9e641eacad125a609656aaf5f1a850e85077c86185379f9a59653d';

  it('signs as Tienda Nube does (the reference vector)', () => {
    expect(webhookHmac(body, 'hush')).toBe(vector);
  });

  it('accepts only the body and secret it was made with', () => {
    expect(verifyWebhook(Buffer.from(body), vector, 'hush')).toBe(true);
    expect(verifyWebhook(Buffer.from(body), vector.toUpperCase(), 'hush')).toBe(true);
    expect(verifyWebhook(Buffer.from(`${body} `), vector, 'hush')).toBe(false);
    expect(verifyWebhook(Buffer.from(body), vector, 'other')).toBe(false);
    expect(verifyWebhook(Buffer.from(body), vector.slice(2), 'hush')).toBe(false);
    expect(verifyWebhook(Buffer.from(body), undefined, 'hush')).toBe(false);
    expect(verifyWebhook(Buffer.from(body), vector, '')).toBe(false);
  });
});
