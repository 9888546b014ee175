import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import request from 'supertest';
import { CDN_CACHE } from '../../server/storefront/cdn-cache.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { ROOT_DIR } from '../support/pglite-template.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// `npm test` builds the widget before jest runs (dist/widget).
const manifest = JSON.parse(readFileSync(join(ROOT_DIR, 'dist', 'widget', 'manifest.json'), 'utf8')) as {
  widget: string;
  form: string;
  badges: string;
  all: string;
  jsonld: string;
};

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

/** Keeps a body as bytes, whatever its type. */
function bytes(response: request.Response, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => done(null, Buffer.concat(chunks)));
}

/** Runs a script the way a page would, recording what it does to `document` and `console`. */
function runScript(source: string) {
  const appended: Array<{ src: string; async: boolean; dataset: Record<string, string> }> = [];
  const warnings: unknown[] = [];
  const document = {
    createElement: () => ({ dataset: {} as Record<string, string>, src: '', async: false }),
    head: { appendChild: (el: (typeof appended)[number]) => appended.push(el) },
  };
  Object.assign(document.head, { append: document.head.appendChild });
  runInNewContext(source, { document, window: {}, console: { warn: (...args: unknown[]) => warnings.push(args) } });
  return { appended, warnings };
}

describe('GET /widget/v1/{store_id}.js', () => {
  it('serves the loader with the store id, API base and current bundle baked in, cached briefly with an ETag', async () => {
    const { storeId, agent } = await registerOwner(t);
    const res = await http.get(`/widget/v1/${storeId}.js`).set('Accept-Encoding', 'identity').expect(200);
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers['cache-control']).toBe(CDN_CACHE.loader);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const source = res.text;
    expect(source).not.toContain('%%');
    expect(Buffer.byteLength(source)).toBeLessThan(2048);

    const { appended, warnings } = runScript(source);
    expect(warnings).toEqual([]);
    expect(appended).toHaveLength(1);
    expect(appended[0]).toMatchObject({
      src: `${PUBLIC_URL}/widget/v1/assets/${manifest.widget}`,
      async: true,
      dataset: {
        store: storeId,
        api: PUBLIC_URL,
        form: `${PUBLIC_URL}/widget/v1/assets/${manifest.form}`,
        version: expect.stringMatching(/^[\w-]+\.\d+$/),
      },
    });

    await http
      .get(`/widget/v1/${storeId}.js`)
      .set('If-None-Match', res.headers.etag as string)
      .expect(304);
    const gzipped = await http
      .get(`/widget/v1/${storeId}.js`)
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse(bytes)
      .expect(200);
    expect(gzipped.headers['content-encoding']).toBe('gzip');

    // The installation snippet points at this very script.
    const snippet = (await agent.get('/api/installation/snippet/').expect(200)).body as { script_url: string };
    expect(snippet.script_url).toBe(`${PUBLIC_URL}/widget/v1/${storeId}.js`);
  });

  it('answers an unknown store with a 404 script that only warns, whatever the id holds', async () => {
    for (const id of ['vrnosuchstore000', `x");alert(1);("`, '</script><script>alert(1)</script>']) {
      const res = await http
        .get(`/widget/v1/${encodeURIComponent(id)}.js`)
        .set('Accept-Encoding', 'identity')
        .expect(404);
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.text).not.toContain('</script>');
      const { appended, warnings } = runScript(res.text);
      expect(appended).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(String((warnings[0] as unknown[])[0])).toContain(`Unknown store id "${id}"`);
    }
  });
});

describe('GET /widget/v1/assets/*', () => {
  it('serves the content-hashed bundles for a year, compressed, and nothing else', async () => {
    for (const file of [manifest.widget, manifest.form, manifest.badges, manifest.all, manifest.jsonld]) {
      const res = await http.get(`/widget/v1/assets/${file}`).set('Accept-Encoding', 'gzip').buffer(true).parse(bytes);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe(CDN_CACHE.immutable);
      expect(res.headers['content-encoding']).toBe('gzip');
      // superagent has already inflated the gzip body.
      expect(res.body).toEqual(readFileSync(join(ROOT_DIR, 'dist', 'widget', file)));
    }
    await http.get('/widget/v1/assets/manifest.json').expect(404);
    await http.get('/widget/v1/assets/..%2Fmanifest.json').expect(404);
    await http.get('/widget/v1/assets/widget.0000000000.js').expect(404);
  });
});
