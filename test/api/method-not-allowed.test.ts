import request from 'supertest';
import { DASHBOARD_PAGES } from '../support/dashboard-pages.js';
import { routeTable, type TableRoute } from '../support/route-table.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// A known path asked with a method it does not serve answers 405 with the methods it does serve in `Allow`, in DESIGN
// §4's shape; an unknown path still answers 404, and pages still render. The paths come from the route catalogue, so a
// new route is checked without being named here.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const ID = '5b0c1a52-7f8e-4d1e-9a53-2f0c3a9e8b11';

let t: TestApp;
let http: ReturnType<typeof request>;
let paths: { path: string; allow: Method[] }[];
beforeAll(async () => {
  t = await startTestApp();
  http = request(t.app.getHttpServer());
  paths = apiPaths(routeTable(t));
});
afterAll(() => t.close());

/** Each API path, its parameters filled, with what the catalogue lists for it (and HEAD wherever GET is). */
function apiPaths(routes: TableRoute[]): { path: string; allow: Method[] }[] {
  const byPath = new Map<string, Set<string>>();
  for (const route of routes) {
    if (route.kind !== 'api' && route.kind !== 'webhook') continue;
    const path = route.path.replace(/\/$/, '').replace(/:\w+/g, ID).replace('*', 'x/y.jpg');
    byPath.set(path, (byPath.get(path) ?? new Set()).add(route.method));
  }
  return [...byPath].map(([path, methods]) => ({
    path,
    allow: METHODS.filter((method) => methods.has(method) || (method === 'HEAD' && methods.has('GET'))),
  }));
}

const send = (method: Method, path: string) => http[method.toLowerCase() as Lowercase<Method>](path);

describe('a known path asked with a method it does not serve', () => {
  it('answers 405 with Allow listing what the catalogue lists, with and without the trailing slash', async () => {
    expect(paths.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { path, allow } of paths) {
      for (const method of METHODS.filter((candidate) => !allow.includes(candidate))) {
        for (const url of [path, `${path}/`]) {
          const res = await send(method, url);
          const body = method === 'HEAD' ? { code: 'method_not_allowed' } : res.body;
          if (res.status !== 405 || res.headers.allow !== allow.join(', ') || body.code !== 'method_not_allowed') {
            wrong.push(`${method} ${url}: ${res.status} Allow: ${res.headers.allow} (expected ${allow.join(', ')})`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers in the API error shape', async () => {
    const res = await http.put('/api/reviews/').expect(405);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers.allow).toBe('GET, HEAD');
    expect(res.body).toEqual({
      detail: 'PUT is not allowed here: this path answers GET, HEAD.',
      code: 'method_not_allowed',
    });
  });

  it("is not taken by another method's parameter: /api/auth/users/me is not DELETE /api/auth/users/:id", async () => {
    for (const url of ['/api/auth/users/me/', '/api/auth/users/me']) {
      const res = await http.delete(url).expect(405);
      expect(res.headers.allow).toBe('GET, HEAD, PATCH');
    }
    const bulk = await http.get('/api/reviews/bulk/').expect(405);
    expect(bulk.headers.allow).toBe('POST');
  });

  it('is not handed to the dashboard: a GET to an API path served by POST alone', async () => {
    const res = await http.get(`/api/reviews/${ID}/approve/`).expect(405);
    expect(res.headers.allow).toBe('POST');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});

describe('what is not a known path', () => {
  it.each([
    ['GET', '/api/nothing/'],
    ['PUT', '/api/nothing/'],
    ['DELETE', `/api/reviews/${ID}/nothing/`],
    ['POST', '/no-such-page'],
    ['DELETE', '/'],
  ] as const)('answers 404 to %s %s', async (method, url) => {
    const res = await send(method, url).expect(404);
    expect(res.headers.allow).toBeUndefined();
    expect(res.body).toMatchObject({ code: 'not_found' });
  });

  it('still renders every page for a GET', async () => {
    const answers = await Promise.all(DASHBOARD_PAGES.map(({ path }) => http.get(path)));
    const pages = answers.map((res, i) => `${DASHBOARD_PAGES[i].path} ${res.status} ${res.type}`);
    expect(pages).toEqual(
      DASHBOARD_PAGES.map(({ path }) => expect.stringMatching(new RegExp(`^${path} (200|302) text/html`))),
    );
  });
});
