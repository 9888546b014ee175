import SwaggerParser from '@apidevtools/swagger-parser';
import request from 'supertest';
import { isDocumented, openApiPath, type OpenApiDocument } from '../../server/api-docs/openapi.document.js';
import { routeCatalog } from '../../server/common/route-catalog.js';
import { ZApiError } from '../../shared/errors.js';
import { PUBLIC_URL } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let document: OpenApiDocument;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  const res = await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
  expect(res.headers['content-type']).toMatch(/application\/json/);
  document = res.body as OpenApiDocument;
});
afterAll(() => t.close());

const operations = (doc: OpenApiDocument) =>
  Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));

describe('GET /api/docs/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    // SwaggerParser dereferences in place: validate a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
  });

  it('describes every API route the app serves, and only those', () => {
    const served = routeCatalog(t.app)
      .filter(isDocumented)
      .map((route) => `${route.method} ${openApiPath(route.path)}`);
    expect(operations(document).sort()).toEqual([...new Set(served)].sort());
    // SPEC's calls, a few by name.
    for (const call of [
      'POST /api/auth/token-obtain/',
      'GET /api/reviews/',
      'POST /api/reviews/{id}/approve/',
      'POST /api/reviews/upload/',
      'GET /api/reviews/public/',
      'POST /api/widgets/events/',
      'GET /api/analytics/dashboard_metrics/',
    ]) {
      expect(operations(document)).toContain(call);
    }
  });

  it('takes inputs from the zod schemas the API validates with, and names auth and the error body', () => {
    const approve = document.paths['/api/reviews/{id}/approve/'].post;
    expect(approve.security).toEqual([{ cookieAuth: [] }, { jwtHeader: [] }, { apiKey: ['reviews:write'] }]);
    expect(approve.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'id', in: 'path', required: true })]),
    );
    const login = document.paths['/api/auth/token-obtain/'].post;
    expect(login.security).toEqual([]);
    const body = (login.requestBody as { content: Record<string, { schema: { properties: object } }> }).content;
    expect(Object.keys(body['application/json'].schema.properties)).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
    const upload = document.paths['/api/reviews/upload/'].post.requestBody as {
      content: Record<string, { schema: { properties: Record<string, unknown> } }>;
    };
    expect(Object.keys(upload.content['multipart/form-data'].schema.properties)).toEqual(
      expect.arrayContaining(['merchant_id', 'product_id', 'rating', 'video', 'photo']),
    );
    const list = document.paths['/api/reviews/'].get.parameters as Array<{ name: string; in: string }>;
    expect(list.filter((p) => p.in === 'query').map((p) => p.name)).toEqual(expect.arrayContaining(['status']));
    expect(document.components.schemas.ApiError).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['detail', 'code']),
    });
    expect(ZApiError.safeParse({ detail: 'x', code: 'y' }).success).toBe(true);
    expect(document.components.securitySchemes.cookieAuth).toEqual({
      type: 'apiKey',
      in: 'cookie',
      name: 'access_token',
    });
  });
});

describe('GET /api/docs/', () => {
  it('is a readable reference of every operation, with a policy that lets nothing else load', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/docs/').expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(res.text).not.toContain('<script');
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const op of Object.values(methods)) expect(res.text).toContain(`id="${op.operationId}"`);
      expect(res.text).toContain(path.replace(/&/g, '&amp;'));
    }
  });
});
