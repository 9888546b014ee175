import request from 'supertest';
import { seedReviews } from '../factories/reviews.factory.js';
import { PUBLIC_URL, registerOwner } from '../support/accounts.js';
import { waitForLink } from '../support/mailbox.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let http: ReturnType<typeof request>;
let cookie: string;
let ownerEmail: string;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
  const { user, merchantId } = await registerOwner(t);
  cookie = `access_token=${user.access}`;
  ownerEmail = user.email;
  await seedReviews(t, merchantId, 3, { customerName: (i) => `Drawn shopper ${i}` });
});
afterAll(() => t.close());

describe('server-rendered pages', () => {
  it('renders a private page for a signed-in user, with a nonce CSP every script tag carries', async () => {
    const res = await http.get('/reviews').set('cookie', cookie).expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const nonce = /script-src 'self' 'nonce-([\w-]+)'/.exec(res.headers['content-security-policy'])?.[1];
    expect(nonce).toBeDefined();
    const scripts = res.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    // The one script without the nonce is the page's texts: a data block the browser never runs, so CSP has no say.
    const [texts, ...run] = scripts.filter((tag) => !tag.includes(`nonce="${nonce}"`));
    expect(texts).toBe('<script id="page-texts" type="application/json">');
    expect(run).toEqual([]);
    expect(res.text).toContain('data-testid="sidebar"');
  });

  // Issue 17: pages that fetched their first data after hydration grew (and shifted) once it came.
  it('draws the reviews table, the widget settings and the team with their data, not placeholders', async () => {
    const reviews = await http.get('/reviews').set('cookie', cookie).expect(200);
    expect(reviews.text.match(/data-testid="review-row"/g)).toHaveLength(3);
    expect(reviews.text).toContain('Drawn shopper 2');
    const widget = await http.get('/widget-settings').set('cookie', cookie).expect(200);
    expect(widget.text).not.toContain('data-testid="settings-loading"');
    expect(widget.text).toContain('class="form widget-form"');
    const team = await http.get('/settings/team').set('cookie', cookie).expect(200);
    expect(team.text.match(/data-testid="team-row"/g)?.length).toBeGreaterThanOrEqual(1);
    expect(team.text).toContain(ownerEmail);
  });

  it("draws the store's API keys with their rows, never a key itself", async () => {
    const created = await http
      .post('/api/api-keys/')
      .set('cookie', cookie)
      .set('origin', PUBLIC_URL)
      .send({ name: 'Drawn key', scopes: ['reviews:read'] })
      .expect(201);
    const page = await http.get('/settings/api-keys').set('cookie', cookie).expect(200);
    expect(page.text.match(/data-testid="api-key-row"/g)).toHaveLength(1);
    expect(page.text).toContain('Drawn key');
    expect(page.text).toContain(created.body.prefix);
    expect(page.text).not.toContain(created.body.key);
  });

  it("draws the store's webhook endpoints with their cards, never a secret", async () => {
    const created = await http
      .post('/api/webhook-endpoints/')
      .set('cookie', cookie)
      .set('origin', PUBLIC_URL)
      .send({ url: 'https://93.184.215.14/hooks', description: 'Drawn endpoint', events: ['review.created'] })
      .expect(201);
    const page = await http.get('/settings/webhooks').set('cookie', cookie).expect(200);
    expect(page.text.match(/data-testid="webhook-endpoint"/g)).toHaveLength(1);
    expect(page.text).toContain('Drawn endpoint');
    expect(page.text).not.toContain(created.body.secret);
  });

  // Issue 23: a used reset link showed the form, which only failed once sent.
  it('shows a reset link that still works its form, and a used or expired one what to do instead', async () => {
    // An account of its own: the reset ends every session of it.
    const { user } = await registerOwner(t);
    await http.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    const code = new URL(await waitForLink(t.config, user.email, '/reset-password')).searchParams.get('code')!;
    const fresh = await http.get(`/reset-password?code=${encodeURIComponent(code)}`).expect(200);
    expect(fresh.text).toContain('data-testid="reset-form"');
    expect(fresh.text).not.toContain('data-testid="reset-link-invalid"');

    await http.post('/api/auth/users/reset-password/').send({ code, password: 'a-new-password-1' }).expect(200);
    for (const url of [`/reset-password?code=${encodeURIComponent(code)}`, '/reset-password?code=never-issued']) {
      const used = await http.get(url).expect(200);
      expect(used.text).toContain('data-testid="reset-link-invalid"');
      expect(used.text).toContain('This link was already used or has expired. Ask for a new one.');
      expect(used.text).toContain('href="/forgot-password"');
      expect(used.text).not.toContain('data-testid="reset-form"');
    }
  });

  it('follows the theme and language cookies, then Accept-Language', async () => {
    const themed = await http.get('/').set('cookie', `${cookie}; theme=dark; lang=pt`).expect(200);
    expect(themed.text).toMatch(/<html[^>]*data-theme="dark"/);
    expect(themed.text).toMatch(/<html[^>]*lang="pt"/);
    const accepted = await http.get('/').set('cookie', cookie).set('accept-language', 'fr;q=1, es;q=0.8').expect(200);
    expect(accepted.text).toMatch(/<html[^>]*lang="es"/);
    expect(accepted.text).toMatch(/<html[^>]*data-theme="light"/);
  });

  it('redirects a signed-out visit to /login with the origin, and an invalid token counts as signed out', async () => {
    const res = await http.get('/settings/team').expect(302);
    expect(res.headers.location).toBe('/login?next=%2Fsettings%2Fteam');
    const forged = await http.get('/').set('cookie', 'access_token=not-a-jwt').expect(302);
    expect(forged.headers.location).toBe('/login?next=%2F');
  });

  it('redirects an unknown path to / but answers a client navigation to it with JSON', async () => {
    const page = await http.get('/definitely/not/here').set('cookie', cookie).expect(302);
    expect(page.headers.location).toBe('/');
    const navigation = await http.get('/definitely/not/here/index.pageContext.json').set('cookie', cookie);
    expect(navigation.status).not.toBe(302);
    expect(navigation.headers['content-type']).toMatch(/json/);
  });

  it('serves built assets with immutable caching and the right content type', async () => {
    const page = await http.get('/login').expect(200);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    const style = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const js = await http.get(script!).expect(200);
    expect(js.headers['content-type']).toMatch(/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await http.get(style!).expect(200);
    expect(css.headers['content-type']).toMatch(/text\/css/);
  });

  // Issue 29: on a mobile network every request costs a round trip; the first paint needs the document only.
  it('carries its built style sheets in the page and asks for its scripts from one inline loader', async () => {
    const res = await http.get('/reviews').set('cookie', cookie).expect(200);
    expect(res.text).not.toMatch(/<link rel="stylesheet" type="text\/css"/);
    expect(res.text).not.toMatch(/<script src=|rel="modulepreload"/);
    const sheets = [...res.text.matchAll(/<style>([\s\S]*?)<\/style><link rel="stylesheet" href="([^"]+)" disabled>/g)];
    expect(sheets.length).toBeGreaterThan(1);
    for (const [, css, href] of sheets) expect(css).toBe((await http.get(href).expect(200)).text);
    const entry = /s\.src="(\/assets\/entries\/[^"]+\.js)"/.exec(res.text)?.[1];
    expect((await http.get(entry!).expect(200)).headers['content-type']).toMatch(/javascript/);
  });

  it('compresses large responses', async () => {
    const page = await http.get('/login').set('accept-encoding', 'gzip').expect(200);
    expect(page.headers['content-encoding']).toBe('gzip');
  });
});
