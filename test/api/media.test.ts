import { Readable } from 'node:stream';
import request from 'supertest';
import { MEDIA_STORAGE, type MediaStorage } from '../../server/media/media-storage.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let storage: MediaStorage;
beforeAll(async () => {
  t = await startTestApp();
  storage = t.app.get<MediaStorage>(MEDIA_STORAGE);
});
afterAll(() => t.close());

describe('GET /media/*', () => {
  it('serves stored media for other origins to embed, ranges included', async () => {
    const key = 'reviews/3f0c7a52-4a51-4d8f-9d3e-0d6c1f1f0a11.mp4';
    const body = Buffer.alloc(10_000, 1);
    await storage.put(key, Readable.from([body]), 'video/mp4');

    const res = await request(t.app.getHttpServer()).get(storage.urlOf(key)).set('Accept-Encoding', 'gzip, br');
    expect(res.status).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'video/mp4',
      'content-length': '10000',
      'cache-control': 'public, max-age=31536000, immutable',
      'cross-origin-resource-policy': 'cross-origin',
      'x-content-type-options': 'nosniff',
    });
    expect(res.headers['content-encoding']).toBeUndefined();

    const part = await request(t.app.getHttpServer()).get(storage.urlOf(key)).set('Range', 'bytes=100-199');
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 100-199/10000');
  });

  it('answers JSON 404, never a dashboard page, for unknown media', async () => {
    const res = await request(t.app.getHttpServer()).get('/media/reviews/missing.mp4').expect(404);
    expect(res.body).toEqual({ detail: 'Not found.', code: 'not_found' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });
});
