import { readFileSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SsrService } from '../../server/ssr/ssr.service.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// The dashboard build's scripts and style sheets as a browser receives them (issue 29): the .br and .gz the build made
// beside each file, sent as they are, and none of a document's policies in their headers.

let t: TestApp;
let url: string;
let clientDir: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen(0, '127.0.0.1');
  url = await t.app.getUrl();
  clientDir = t.app.get(SsrService).clientDir;
});
afterAll(() => t.close());

const CHROMIUM_ACCEPTS = 'gzip, deflate, br, zstd';

/** An answer's bytes as they came (fetch and supertest would decode them). */
function fetchRaw(
  path: string,
  acceptEncoding = CHROMIUM_ACCEPTS,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${url}${path}`, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The files `/login` names: its scripts and the modules it preloads (in its loader), its style sheets. */
async function loginAssets(): Promise<string[]> {
  const page = await fetchRaw('/login', 'identity');
  expect(page.status).toBe(200);
  const assets = [...page.body.toString().matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]);
  expect(assets.some((path) => path.endsWith('.js')) && assets.some((path) => path.endsWith('.css'))).toBe(true);
  return [...new Set(assets)];
}

describe('the dashboard’s scripts and style sheets', () => {
  it('go brotli’d to a browser that takes it, gzipped to one that takes only gzip, as the build made them', async () => {
    for (const path of await loginAssets()) {
      const file = readFileSync(join(clientDir, path));
      for (const [accepts, encoding, extension, decode] of [
        [CHROMIUM_ACCEPTS, 'br', '.br', brotliDecompressSync],
        ['gzip', 'gzip', '.gz', gunzipSync],
      ] as const) {
        const res = await fetchRaw(path, accepts);
        expect([path, res.status, res.headers['content-encoding']]).toEqual([path, 200, encoding]);
        expect(res.body.equals(readFileSync(join(clientDir, path + extension)))).toBe(true);
        expect(decode(res.body).equals(file)).toBe(true);
        expect(res.headers['content-length']).toBe(String(res.body.length));
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      }
      const plain = await fetchRaw(path, 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(file)).toBe(true);
    }
  });

  it('carry nosniff and none of a document’s policies, which a page at such a path keeps', async () => {
    const [path] = await loginAssets();
    const res = await fetchRaw(path);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'x-frame-options',
      'cross-origin-resource-policy',
    ]) {
      expect([name, res.headers[name]]).toEqual([name, undefined]);
    }
    const missing = await fetchRaw('/assets/entries/no-such-file.js');
    expect(missing.status).not.toBe(200);
    expect(missing.headers['content-security-policy']).toContain("default-src 'none'");
    expect(missing.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('has no address of its own for the compressed copies', async () => {
    const [path] = await loginAssets();
    for (const extension of ['.br', '.gz']) {
      const res = await fetchRaw(path + extension);
      expect([extension, res.status]).not.toEqual([extension, 200]);
    }
  });
});
