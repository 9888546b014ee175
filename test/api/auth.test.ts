import { eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import request from 'supertest';
import { hashSecret } from '../../server/auth/auth-tokens.service.js';
import { passwordResets, refreshTokens, signupRequests } from '../../server/database/schema.js';
import type { TAuthResponse } from '../../shared/accounts.js';
import { waitForLink } from '../support/mailbox.js';
import { linkIn, startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { JWT_SECRET } from '../support/test-env.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import { PASSWORD, PUBLIC_URL, browserAgent, registerOwner, registration, uniqueEmail } from '../support/accounts.js';

let t: TestApp;
let smtp: SmtpTestServer;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // Behind a (pretend) proxy: a test can speak from several addresses.
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url, TRUST_PROXY: 'true' } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function cookiesOf(res: request.Response): Record<string, string> {
  const header = res.headers['set-cookie'] as unknown as string[] | undefined;
  return Object.fromEntries((header ?? []).map((c) => c.split(';')[0].split('=') as [string, string]));
}

let signups = 0;
/** A sign-up from an address of its own (registrations are limited per address, and registerOwner uses one). */
function signUp(body: object) {
  signups += 1;
  return http.post('/api/auth/register/').set('X-Forwarded-For', `192.0.2.${signups}`).send(body);
}

/** The sign-up link the app mailed to `email`: its token. */
async function signupToken(email: string, ignore: string[] = []): Promise<string> {
  const link = await waitForLink(t.config, email, '/register/confirm', { ignore });
  expect(link.startsWith(`${PUBLIC_URL}/register/confirm?token=`)).toBe(true);
  return new URL(link).searchParams.get('token')!;
}

describe('POST /api/auth/register/ (a regular sign-up)', () => {
  it('answers 202 and mails a link; the account exists once the link is opened, which signs in as login does', async () => {
    const body = registration({ email: '  New.Owner@Example.COM ' });
    const res = await signUp(body).expect(202);
    expect(res.body).toEqual({
      detail: 'Check your email: we sent a link to finish creating your account.',
      email: 'new.owner@example.com',
    });
    expect(res.headers['set-cookie']).toBeUndefined();
    await http.post('/api/auth/token-obtain/').send({ email: 'new.owner@example.com', password: PASSWORD }).expect(401);

    const token = await signupToken('new.owner@example.com');
    const agent = browserAgent(t);
    const confirmed = await agent.post('/api/auth/register/confirm/').send({ token }).expect(200);
    const user = confirmed.body as TAuthResponse;
    expect(user).toMatchObject({
      email: 'new.owner@example.com',
      first_name: 'Ana',
      last_name: 'Souza',
      phone: '+55 11 5555-0000',
      groups: ['owner'],
      profile_photo: null,
      merchant: { platform: 'tiendanube', main_language: 'en', access_token: null, has_access_token: false },
    });
    expect(user.merchant?.store_id).toMatch(/^vr[a-z2-9]{14}$/);
    expect(user.permissions).toEqual(expect.arrayContaining(['accounts.manage_team', 'reviews.moderate_reviews']));
    expect(user.access.split('.')).toHaveLength(3);
    expect(user.refresh.length).toBeGreaterThan(30);
    expect(JSON.stringify(user)).not.toContain('password');
    const setCookies = (confirmed.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(setCookies).toMatch(/access_token=[^;]+;.*Max-Age=172800;.*HttpOnly;.*SameSite=Lax/);
    expect(setCookies).toMatch(/refresh_token=[^;]+;.*HttpOnly/);

    await agent.get('/api/auth/users/me/').expect(200);
    const workspaces = await http.get('/api/workspaces/').set('Authorization', `Bearer ${user.access}`).expect(200);
    expect(workspaces.body.results).toEqual([expect.objectContaining({ id: user.workspace_id, role: 'owner' })]);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: PASSWORD }).expect(200);

    // The link works once.
    const reused = await http.post('/api/auth/register/confirm/').send({ token }).expect(400);
    expect(reused.body).toMatchObject({ code: 'invalid_signup_link', detail: expect.stringContaining('sign in') });
  });

  it('takes the store name, optional: the store and its workspace are named after it once the link is opened', async () => {
    const email = uniqueEmail('named-store');
    await signUp(registration({ email, store_name: '  Casa Rosa  ' })).expect(202);
    const agent = browserAgent(t);
    const confirmed = await agent
      .post('/api/auth/register/confirm/')
      .send({ token: await signupToken(email) })
      .expect(200);
    expect((confirmed.body as TAuthResponse).merchant).toMatchObject({ store_name: 'Casa Rosa' });
    expect((await agent.get('/api/workspaces/').expect(200)).body.results).toEqual([
      expect.objectContaining({ name: 'Casa Rosa', merchant: expect.objectContaining({ store_name: 'Casa Rosa' }) }),
    ]);

    // Without one, the store stays unnamed (a platform names it when it connects).
    const unnamed = uniqueEmail('unnamed-store');
    await signUp(registration({ email: unnamed })).expect(202);
    const plain = await browserAgent(t)
      .post('/api/auth/register/confirm/')
      .send({ token: await signupToken(unnamed) })
      .expect(200);
    expect((plain.body as TAuthResponse).merchant?.store_name).toBe('');

    const long = await signUp(registration({ email: uniqueEmail('long'), store_name: 'x'.repeat(151) })).expect(400);
    expect(long.body.fields.store_name).toEqual(['Store name must be at most 150 characters.']);
  });

  it('takes a sign-up without a phone: optional here as in the profile (the sign-up form marks it so too)', async () => {
    const email = uniqueEmail('no-phone');
    const { phone: _phone, ...withoutPhone } = registration({ email });
    await signUp(withoutPhone).expect(202);
    const confirmed = await browserAgent(t)
      .post('/api/auth/register/confirm/')
      .send({ token: await signupToken(email) })
      .expect(200);
    expect((confirmed.body as TAuthResponse).phone).toBe('');
    const blank = uniqueEmail('blank-phone');
    await signUp(registration({ email: blank, phone: '   ' })).expect(202);
  });

  it('answers an email that already has an account exactly as a new one, and mails its owner a note instead', async () => {
    const { user } = await registerOwner(t);
    const fresh = uniqueEmail('fresh');
    const forNew = await signUp(registration({ email: fresh })).expect(202);
    const forTaken = await signUp(
      registration({ email: user.email.toUpperCase(), password: 'another-password-1' }),
    ).expect(202);
    expect(forTaken.body).toEqual({ ...forNew.body, email: user.email });
    expect(Object.keys(forTaken.headers).sort()).toEqual(Object.keys(forNew.headers).sort());

    await signupToken(fresh);
    const note = await smtp.waitForMail((m) => m.to.includes(user.email) && /already have/.test(m.subject));
    expect(note.text).toContain(`${PUBLIC_URL}/login`);
    expect(linkIn(note, '/register')).toBeUndefined();
    // Nothing about the account changed.
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: 'another-password-1' }).expect(401);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: PASSWORD }).expect(200);
  });

  it('keeps a platform named at sign-up; a link whose email got an account meanwhile answers 409 "sign in instead"', async () => {
    const email = uniqueEmail('twice');
    await signUp(registration({ email, platform: 'shopify' })).expect(202);
    const first = await signupToken(email);
    await signUp(registration({ email })).expect(202);
    const second = await signupToken(email, [`${PUBLIC_URL}/register/confirm?token=${first}`]);
    const created = await http.post('/api/auth/register/confirm/').send({ token: first }).expect(200);
    expect(created.body.merchant.platform).toBe('shopify');
    const taken = await http.post('/api/auth/register/confirm/').send({ token: second }).expect(409);
    expect(taken.body).toMatchObject({ code: 'email_taken', detail: expect.stringContaining('Sign in instead') });
  });

  it('refuses an expired, unknown or missing link', async () => {
    const email = uniqueEmail('late');
    await signUp(registration({ email })).expect(202);
    const token = await signupToken(email);
    await databaseOf(t)
      .update(signupRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(signupRequests.tokenHash, hashSecret(token)));
    const expired = await http.post('/api/auth/register/confirm/').send({ token }).expect(400);
    expect(expired.body.code).toBe('invalid_signup_link');
    await http.post('/api/auth/register/confirm/').send({ token: 'made-up' }).expect(400);
    const missing = await http.post('/api/auth/register/confirm/').send({}).expect(400);
    expect(missing.body.fields).toEqual({ token: ['This field is required.'] });
  });

  it('answers missing and invalid fields with 400 and one message per field', async () => {
    const res = await http.post('/api/auth/register/').send({ email: 'not-an-email', password: 'short' }).expect(400);
    expect(res.body.code).toBe('validation_error');
    expect(res.body.fields).toEqual({
      password: ['Password must be at least 8 characters.'],
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      email: ['Enter a valid email address.'],
    });
    const noEmail = await http
      .post('/api/auth/register/')
      .send({ ...registration(), email: undefined })
      .expect(400);
    expect(noEmail.body.fields).toEqual({ email: ['This field is required.'] });
  });

  it('refuses an unknown invitation token', async () => {
    const res = await http
      .post('/api/auth/register/')
      .send(registration({ token: 'nope' }))
      .expect(400);
    expect(res.body).toEqual({ detail: 'Invalid or expired invitation link.', code: 'invalid_invitation' });
  });
});

describe('POST /api/auth/token-obtain/', () => {
  it('signs in by email or by username holding the email, answering the User of SPEC §3 and the cookies', async () => {
    const { user } = await registerOwner(t);
    const byEmail = await http
      .post('/api/auth/token-obtain/')
      .send({ email: user.email.toUpperCase(), password: PASSWORD })
      .expect(200);
    expect(byEmail.body).toMatchObject({ id: user.id, email: user.email, merchant: { id: user.merchant?.id } });
    expect(Object.keys(byEmail.body).sort()).toEqual(
      [
        'access',
        'refresh',
        'id',
        'email',
        'first_name',
        'last_name',
        'phone',
        'profile_photo',
        'groups',
        'date_joined',
        'permissions',
        'merchant',
        'workspace_id',
        'upgrade_prompt_hidden_until',
      ].sort(),
    );
    expect(cookiesOf(byEmail).access_token).toBe(byEmail.body.access);
    await http.post('/api/auth/token-obtain/').send({ username: user.email, password: PASSWORD }).expect(200);
  });

  it('answers wrong credentials and unknown emails alike with 401', async () => {
    const { user } = await registerOwner(t);
    const wrong = await http
      .post('/api/auth/token-obtain/')
      .send({ email: user.email, password: 'wrong-password' })
      .expect(401);
    const unknown = await http
      .post('/api/auth/token-obtain/')
      .send({ email: uniqueEmail('ghost'), password: 'wrong-password' })
      .expect(401);
    expect(wrong.body).toEqual({
      detail: 'Invalid credentials. Please check your email and password.',
      code: 'invalid_credentials',
    });
    expect(unknown.body).toEqual(wrong.body);
    const empty = await http.post('/api/auth/token-obtain/').send({}).expect(400);
    expect(Object.keys(empty.body.fields).sort()).toEqual(['password']);
  });
});

describe('refresh tokens', () => {
  it('rotates on every refresh and revokes the whole family when a used token comes back later', async () => {
    const { user } = await registerOwner(t);
    const first = await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(200);
    expect(first.body.refresh).not.toBe(user.refresh);
    expect(first.body.access).toEqual(expect.any(String));
    const second = await http.post('/api/auth/token-refresh/').send({ refresh: first.body.refresh }).expect(200);

    // Within seconds of its rotation a used token is another tab racing: refused, nothing revoked.
    const racing = await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    expect(racing.body.code).toBe('token_rotated');
    // Later it can only be a replay: refused, and its family, including the newest token, is revoked.
    await databaseOf(t)
      .update(refreshTokens)
      .set({ revokedAt: new Date(Date.now() - 60_000) })
      .where(eq(refreshTokens.tokenHash, hashSecret(user.refresh)));
    const replay = await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    expect(replay.body.code).toBe('token_not_valid');
    await http.post('/api/auth/token-refresh/').send({ refresh: second.body.refresh }).expect(401);
  });

  it('takes a used token back within the grace window only from the client that rotated it, else revokes the family', async () => {
    const { user } = await registerOwner(t);
    const client = (ua: string, ip: string) => ({ 'User-Agent': ua, 'X-Forwarded-For': ip });
    const tab = client('Mozilla/5.0 (Owner laptop)', '203.0.113.10');
    const winner = await http.post('/api/auth/token-refresh/').set(tab).send({ refresh: user.refresh }).expect(200);

    // The same browser, a moment later (another tab): the benign answer, and the winner's token lives on.
    const sameTab = await http.post('/api/auth/token-refresh/').set(tab).send({ refresh: user.refresh }).expect(401);
    expect(sameTab.body.code).toBe('token_rotated');
    const next = await http
      .post('/api/auth/token-refresh/')
      .set(tab)
      .send({ refresh: winner.body.refresh })
      .expect(200);

    // Someone else with a copy of a used token, even within the window: the whole family ends, the winner's too.
    const thief = await http
      .post('/api/auth/token-refresh/')
      .set(client('Mozilla/5.0 (Owner laptop)', '198.51.100.66'))
      .send({ refresh: winner.body.refresh })
      .expect(401);
    expect(thief.body.code).toBe('token_not_valid');
    await http.post('/api/auth/token-refresh/').set(tab).send({ refresh: next.body.refresh }).expect(401);

    // The user agent counts as much as the address (a new sign-in, a new family).
    const other = await http
      .post('/api/auth/token-obtain/')
      .send({ email: user.email, password: PASSWORD })
      .expect(200);
    const rotated = await http
      .post('/api/auth/token-refresh/')
      .set(tab)
      .send({ refresh: other.body.refresh })
      .expect(200);
    const otherBrowser = await http
      .post('/api/auth/token-refresh/')
      .set(client('curl/8.0', '203.0.113.10'))
      .send({ refresh: other.body.refresh })
      .expect(401);
    expect(otherBrowser.body.code).toBe('token_not_valid');
    await http.post('/api/auth/token-refresh/').set(tab).send({ refresh: rotated.body.refresh }).expect(401);
  });

  it('lets exactly one of several simultaneous refreshes win, the others told it was rotated, without logging out', async () => {
    const { user } = await registerOwner(t);
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => http.post('/api/auth/token-refresh/').send({ refresh: user.refresh })),
    );
    const winners = answers.filter((a) => a.status === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.status !== 200)) {
      expect(loser.status).toBe(401);
      expect(loser.body.code).toBe('token_rotated');
      expect(loser.headers['set-cookie']).toBeUndefined();
    }
    await http.post('/api/auth/token-refresh/').send({ refresh: winners[0].body.refresh }).expect(200);
    // The cookie flavour: a losing tab keeps its cookies (the winner's are on their way).
    const { agent } = await registerOwner(t);
    const cookieRace = await Promise.all([1, 2].map(() => agent.post('/api/auth/token-refresh/').send({})));
    expect(cookieRace.map((r) => r.status).sort()).toEqual([200, 401]);
    await agent.get('/api/auth/users/me/').expect(200);
  });

  it('refuses a refresh token issued before a password change, even one rotated meanwhile', async () => {
    const { user } = await registerOwner(t);
    const rotated = await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(200);
    await http
      .post('/api/auth/users/change-password/')
      .set('Authorization', `JWT ${rotated.body.access}`)
      .send({ current_password: PASSWORD, new_password: 'changed-password-1' })
      .expect(200);
    await http.post('/api/auth/token-refresh/').send({ refresh: rotated.body.refresh }).expect(401);
  });

  it('refreshes from the HttpOnly cookie for the dashboard, and checks the Origin of cookie calls', async () => {
    const { agent } = await registerOwner(t);
    const res = await agent.post('/api/auth/token-refresh/').send({}).expect(200);
    expect(cookiesOf(res).refresh_token).toBe(res.body.refresh);
    const cookie = `refresh_token=${res.body.refresh}`;
    const foreign = await http
      .post('/api/auth/token-refresh/')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send({})
      .expect(403);
    expect(foreign.body.code).toBe('csrf_failed');
    await http.post('/api/auth/token-refresh/').set('Cookie', cookie).send({}).expect(403);
  });

  it('refuses a missing or unknown refresh token', async () => {
    await http.post('/api/auth/token-refresh/').send({}).expect(401);
    await http.post('/api/auth/token-refresh/').send({ refresh: 'made-up' }).expect(401);
  });

  it('logout revokes the refresh token and clears the cookies', async () => {
    const { agent, user } = await registerOwner(t);
    const res = await agent.post('/api/auth/logout/').expect(204);
    const cleared = (res.headers['set-cookie'] as unknown as string[]).join('\n');
    expect(cleared).toMatch(/access_token=;/);
    expect(cleared).toMatch(/refresh_token=;/);
    await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    await agent.get('/api/auth/users/me/').expect(401);
  });
});

describe('cookie sessions and CSRF', () => {
  it('accepts cookie-authenticated writes from this origin only', async () => {
    const { agent, user } = await registerOwner(t);
    await agent.patch('/api/auth/users/me/').send({ first_name: 'Bia' }).expect(200);
    const cookie = `access_token=${user.access}`;
    const foreign = await http
      .patch('/api/auth/users/me/')
      .set('Cookie', cookie)
      .set('Origin', 'https://evil.example')
      .send({ first_name: 'Eve' })
      .expect(403);
    expect(foreign.body.code).toBe('csrf_failed');
    await http.patch('/api/auth/users/me/').set('Cookie', cookie).send({ first_name: 'Eve' }).expect(403);
    await http
      .patch('/api/auth/users/me/')
      .set('Cookie', cookie)
      .set('Referer', `${PUBLIC_URL}/settings/account`)
      .send({ first_name: 'Bia' })
      .expect(200);
    // Reads are not state-changing: no Origin needed.
    await http.get('/api/auth/users/me/').set('Cookie', cookie).expect(200);
  });

  it('answers 401 without a session, or with a forged or expired token', async () => {
    const res = await http.get('/api/auth/users/me/').expect(401);
    expect(res.body.code).toBe('not_authenticated');
    await http.get('/api/auth/users/me/').set('Authorization', 'JWT not.a.token').expect(401);
    const { user } = await registerOwner(t);
    const expired = await new JwtService({ secret: JWT_SECRET }).signAsync(
      { sub: user.id, typ: 'access', sv: 0 },
      { expiresIn: -10 },
    );
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${expired}`).expect(401);
    const forged = await new JwtService({ secret: 'another-secret-another-secret-123' }).signAsync(
      { sub: user.id, typ: 'access', sv: 0 },
      { expiresIn: 600 },
    );
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${forged}`).expect(401);
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${user.access}`).expect(200);
  });
});

describe('password recovery', () => {
  it('mails a single-use link, resets the password, ends every session, and the old password stops working', async () => {
    const { user, agent } = await registerOwner(t);
    const res = await http
      .post('/api/auth/users/forgot-password/')
      .send({ email: user.email.toUpperCase() })
      .expect(200);
    expect(res.body).toEqual({
      detail: 'If an account exists with that email, you will receive password reset instructions.',
    });
    const mail = await smtp.waitForMail((m) => m.to.includes(user.email) && !!linkIn(m, '/reset-password'));
    const link = linkIn(mail, '/reset-password');
    expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/reset-password\\?code=`));
    const code = new URL(link!).searchParams.get('code')!;

    const short = await http.post('/api/auth/users/reset-password/').send({ code, password: 'short' }).expect(400);
    expect(short.body.fields).toEqual({ password: ['Password must be at least 8 characters.'] });
    await http.post('/api/auth/users/reset-password/').send({ code, password: 'brand-new-pass' }).expect(200);
    const reused = await http
      .post('/api/auth/users/reset-password/')
      .send({ code, password: 'another-pass-1' })
      .expect(400);
    expect(reused.body).toEqual({ detail: 'Invalid reset code', code: 'invalid_reset_code' });

    // Sessions from before the reset are over: the refresh token and the access token alike.
    await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${user.access}`).expect(401);
    await agent.get('/api/auth/users/me/').expect(401);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: PASSWORD }).expect(401);
    await http.post('/api/auth/token-obtain/').send({ email: user.email, password: 'brand-new-pass' }).expect(200);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = smtp.mails.length;
    const res = await http
      .post('/api/auth/users/forgot-password/')
      .send({ email: uniqueEmail('nobody') })
      .expect(200);
    expect(res.body.detail).toBe('If an account exists with that email, you will receive password reset instructions.');
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.mails.length).toBe(before);
    await http.post('/api/auth/users/forgot-password/').send({ email: 'bad' }).expect(400);
  });

  it('refuses unknown and expired codes', async () => {
    await http.post('/api/auth/users/reset-password/').send({ code: 'unknown', password: 'long-enough-1' }).expect(400);
    const { user } = await registerOwner(t);
    await http.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    const mail = await smtp.waitForMail((m) => m.to.includes(user.email) && !!linkIn(m, '/reset-password'));
    const code = new URL(linkIn(mail, '/reset-password')!).searchParams.get('code')!;
    await databaseOf(t)
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.codeHash, hashSecret(code)));
    const res = await http
      .post('/api/auth/users/reset-password/')
      .send({ code, password: 'long-enough-1' })
      .expect(400);
    expect(res.body.code).toBe('invalid_reset_code');
  });
});
