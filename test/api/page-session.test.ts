import request from 'supertest';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

function setCookies(res: request.Response): string {
  return ((res.headers['set-cookie'] as unknown as string[] | undefined) ?? []).join('\n');
}

describe('the session of server-rendered pages', () => {
  it('renders signed in from the access cookie, with the user of the page context', async () => {
    const { user } = await registerOwner(t);
    const res = await http.get('/settings').set('Cookie', `access_token=${user.access}`).expect(200);
    expect(res.text).toContain(user.email);
  });

  it('refreshes on the server when only the refresh cookie is valid, and sends the new cookies with the page', async () => {
    const { user } = await registerOwner(t);
    const res = await http
      .get('/settings')
      .set('Cookie', `access_token=expired; refresh_token=${user.refresh}`)
      .expect(200);
    expect(res.text).toContain(user.email);
    const cookies = setCookies(res);
    expect(cookies).toMatch(/access_token=[\w-]+\.[\w-]+\.[\w-]+;/);
    const refresh = /refresh_token=([^;]+);/.exec(cookies)?.[1];
    expect(refresh).toBeDefined();
    expect(refresh).not.toBe(user.refresh);
    // The old refresh token was used up by that render.
    await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
  });

  it('sends a visitor with a dead refresh token to /login and clears the cookies', async () => {
    const res = await http.get('/settings').set('Cookie', 'refresh_token=revoked-or-made-up').expect(302);
    expect(res.headers.location).toBe('/login?next=%2Fsettings');
    expect(setCookies(res)).toMatch(/refresh_token=;/);
  });
});
