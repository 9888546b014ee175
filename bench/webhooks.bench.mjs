// Shopify webhook intake: signed deliveries checked on their raw bytes, stored once (new ids, then repeated ids) and
// answered before any work, as ratios to a bare Fastify route that parses the same JSON. PostgreSQL + Redis when
// DATABASE_URL/REDIS_URL are set, else PGlite + memory.
import { createHmac, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import { freePort, load, printRows, startApp } from './support.mjs';

const SECRET = 'bench-shopify-secret';
const SHOP = 'bench-shop.myshopify.com';
const body = JSON.stringify({
  id: 820982911946154500,
  email: 'jon@example.com',
  created_at: new Date().toISOString(),
  currency: 'USD',
  total_price: '199.00',
  note_attributes: [],
  customer: { id: 115310627314723950, email: 'jon@example.com' },
  line_items: Array.from({ length: 3 }, (_, i) => ({
    product_id: 632910392 + i,
    title: 'Shirt',
    quantity: 1,
    price: '66.33',
  })),
});
const headers = {
  'content-type': 'application/json',
  'x-shopify-topic': 'orders/create',
  'x-shopify-shop-domain': SHOP,
  'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64'),
};

const bare = Fastify();
bare.post('/', async (request) => ({ detail: typeof request.body }));
const barePort = await freePort();
await bare.listen({ port: barePort, host: '127.0.0.1' });

const app = await startApp({ SHOPIFY_API_KEY: 'bench-key', SHOPIFY_API_SECRET: SECRET });
const webhook = `${app.url}/api/webhooks/shopify/`;
/** Each request a new delivery (the signature covers the body, not the id). */
const fresh = [
  {
    method: 'POST',
    body,
    setupRequest: (req) => ({ ...req, headers: { ...headers, 'x-shopify-webhook-id': randomUUID() } }),
  },
];
try {
  const warm = { connections: 10, duration: 1 };
  await load(`http://127.0.0.1:${barePort}/`, { ...warm, requests: [{ method: 'POST', body, headers }] });
  await load(webhook, { ...warm, requests: fresh });

  const baseline = await load(`http://127.0.0.1:${barePort}/`, {
    connections: 50,
    requests: [{ method: 'POST', body, headers }],
  });
  const accepted = await load(webhook, { connections: 50, requests: fresh });
  const repeated = await load(webhook, {
    connections: 50,
    requests: [{ method: 'POST', body, headers: { ...headers, 'x-shopify-webhook-id': 'always-the-same' } }],
  });
  const forged = await load(webhook, {
    connections: 50,
    requests: [
      {
        method: 'POST',
        body,
        headers: { ...headers, 'x-shopify-hmac-sha256': 'A'.repeat(43) + '=', 'x-shopify-webhook-id': 'x' },
      },
    ],
  });
  console.log(
    `orders/create (${body.length} B), 50 connections, 5 s each, ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ` +
      'the forged row counts its 401s as errors',
  );
  printRows(
    [
      ['bare Fastify POST parsing the same JSON (baseline)', baseline],
      ['POST /api/webhooks/shopify/, a new delivery each time (stored, 200)', accepted],
      ['same delivery repeated (duplicate, 200)', repeated],
      ['bad signature (401, nothing stored)', forged],
    ],
    baseline,
  );
} finally {
  await app.stop();
  await bare.close();
}
