import { signStandardWebhook, startFakeBigCommerce } from '../fakes/bigcommerce.js';
import { startFakeTiendaNube, tiendaNubeHmac } from '../fakes/tiendanube.js';

// The fakes sign as the platforms do (the reference's verified vectors), and hold to the platforms' rules that the
// app's tests rely on.

describe('fake BigCommerce', () => {
  it('signs deliveries with the Standard Webhooks scheme', () => {
    expect(signStandardWebhook('hush', 'msg_1', 1700000000, '{"a":1}')).toBe(
      'v1,AUsQlz2Q4YBxs5LUS1wPEUXMUcO8FK9zktz1otvkkmU=',
    );
  });

  it('refuses a wrong token and enforces the script rules', async () => {
    const bc = await startFakeBigCommerce();
    try {
      const store = bc.addStore();
      const call = (path: string, init: RequestInit = {}, token = store.accessToken) =>
        fetch(`${bc.url}/stores/${store.hash}${path}`, {
          ...init,
          headers: { 'x-auth-token': token, 'content-type': 'application/json' },
        });
      expect((await call('/v2/store', {}, 'wrong')).status).toBe(401);
      expect((await call('/v2/store')).status).toBe(200);
      const bad = await call('/v3/content/scripts', {
        method: 'POST',
        body: JSON.stringify({ name: '', location: 'x' }),
      });
      expect(bad.status).toBe(422);
      for (let i = 0; i < 10; i++) {
        const res = await call('/v3/content/scripts', {
          method: 'POST',
          body: JSON.stringify({ name: `s${i}`, src: 'https://cdn.example/s.js', kind: 'src' }),
        });
        expect(res.status).toBe(200);
      }
      const over = await call('/v3/content/scripts', {
        method: 'POST',
        body: JSON.stringify({ name: 's10', src: 'https://cdn.example/s.js', kind: 'src' }),
      });
      expect(over.status).toBe(422);
    } finally {
      await bc.close();
    }
  });
});

describe('fake Tienda Nube', () => {
  it('signs deliveries as Tienda Nube does', () => {
    expect(tiendaNubeHmac('{"store_id":123,"event":"product/created","id":1948209}', 'hush')).toBe(
      '5eb86ac76a9e641eacad125a609656aaf5f1a850e85077c86185379f9a59653d',
    );
  });

  it('trades a code once and answers 404 past the last page', async () => {
    const tn = await startFakeTiendaNube({ clientId: '1', clientSecret: 's' });
    try {
      const store = tn.addStore();
      tn.addProducts(store.id, [{ id: 1, name: 'Yerba' }]);
      const code = tn.issueCode(store.id);
      const trade = () =>
        fetch(`${tn.url}/apps/authorize/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ client_id: '1', client_secret: 's', grant_type: 'authorization_code', code }),
        });
      const first = await trade();
      expect(first.status).toBe(200);
      const { access_token: token, user_id: userId } = (await first.json()) as {
        access_token: string;
        user_id: number;
      };
      expect(userId).toBe(store.id);
      expect((await trade()).status).toBe(400);
      const api = (path: string, headers: Record<string, string>) =>
        fetch(`${tn.url}/v1/${store.id}${path}`, { headers });
      expect((await api('/store', { authentication: 'bearer wrong', 'user-agent': 'Test' })).status).toBe(401);
      const auth = { authentication: `bearer ${token}`, 'user-agent': 'Test (t@example.com)' };
      expect((await api('/store', auth)).status).toBe(200);
      expect((await api('/products?page=1', auth)).status).toBe(200);
      expect((await api('/products?page=2', auth)).status).toBe(404);
    } finally {
      await tn.close();
    }
  });
});
