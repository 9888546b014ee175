import { eq } from 'drizzle-orm';
import request from 'supertest';
import { hashSecret } from '../../server/auth/auth-tokens.service.js';
import { emailChanges } from '../../server/database/schema.js';
import type { TEmailChangeState } from '../../shared/accounts.js';
import { PASSWORD, PUBLIC_URL, registerOwner, uniqueEmail, type Agent } from '../support/accounts.js';
import { waitForLink } from '../support/mailbox.js';
import { linkIn, startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtp: SmtpTestServer;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: smtp.url } });
  http = request(t.app.getHttpServer());
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The token of the newest confirmation link mailed to `email` that is not in `ignore`. */
async function confirmationToken(email: string, ignore: string[] = []): Promise<string> {
  const link = await waitForLink(t.config, email, '/confirm-email', { ignore });
  expect(link.startsWith(`${PUBLIC_URL}/confirm-email?token=`)).toBe(true);
  return new URL(link).searchParams.get('token')!;
}

function linkOf(token: string): string {
  return `${PUBLIC_URL}/confirm-email?token=${token}`;
}

async function pendingOf(agent: Agent): Promise<TEmailChangeState['pending']> {
  return ((await agent.get('/api/auth/users/email-change/').expect(200)).body as TEmailChangeState).pending;
}

function signIn(email: string, password = PASSWORD) {
  return http.post('/api/auth/token-obtain/').send({ email, password });
}

describe('changing the sign-in email', () => {
  it('needs the current password: none or a wrong one is a 400 on current_password, and nothing is sent', async () => {
    const { agent, user } = await registerOwner(t);
    const wanted = uniqueEmail('wanted');
    const missing = await agent.patch('/api/auth/users/me/').send({ email: wanted, first_name: 'Eve' }).expect(400);
    expect(missing.body).toMatchObject({
      code: 'validation_error',
      fields: { current_password: [expect.any(String)] },
    });
    const wrong = await agent
      .patch('/api/auth/users/me/')
      .send({ email: wanted, current_password: 'not-my-password' })
      .expect(400);
    expect(wrong.body.fields).toEqual({ current_password: ['Your current password is incorrect.'] });

    const me = (await agent.get('/api/auth/users/me/').expect(200)).body;
    expect(me).toMatchObject({ email: user.email, first_name: 'Ana' });
    expect(await pendingOf(agent)).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.mails.filter((mail) => mail.to.includes(wanted))).toEqual([]);
    // The same email in other letters is no change: no password needed.
    await agent.patch('/api/auth/users/me/').send({ email: user.email.toUpperCase(), first_name: 'Bia' }).expect(200);
  });

  it('limits wrong current passwords per user, together with password changes', async () => {
    const { agent } = await registerOwner(t);
    for (let i = 0; i < 5; i += 1) {
      await agent
        .patch('/api/auth/users/me/')
        .send({ email: uniqueEmail('guess'), current_password: `guess-${i}-password` })
        .expect(400);
      await agent
        .post('/api/auth/users/change-password/')
        .send({ current_password: `guess-${i}-password`, new_password: 'whatever-1234' })
        .expect(400);
    }
    const limited = await agent
      .patch('/api/auth/users/me/')
      .send({ email: uniqueEmail('guess'), current_password: PASSWORD })
      .expect(429);
    expect(limited.body.code).toBe('throttled');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('changes nothing until the link mailed to the new address is opened, and warns the old address', async () => {
    const { agent, user } = await registerOwner(t);
    const wanted = uniqueEmail('wanted');
    const res = await agent
      .patch('/api/auth/users/me/')
      .send({ email: ` ${wanted.toUpperCase()} `, current_password: PASSWORD, first_name: 'Bia' })
      .expect(200);
    // The other fields are saved at once; the email is not.
    expect(res.body).toMatchObject({ email: user.email, first_name: 'Bia' });
    const pending = await pendingOf(agent);
    expect(pending?.new_email).toBe(wanted);
    const hoursLeft = (Date.parse(pending!.expires_at) - Date.now()) / 3_600_000;
    expect(hoursLeft).toBeGreaterThan(23);
    expect(hoursLeft).toBeLessThanOrEqual(24);

    const token = await confirmationToken(wanted);
    const notice = await smtp.waitForMail((m) => m.to.includes(user.email) && m.text.includes(wanted));
    expect(notice.subject).toMatch(/change your .* sign-in email/i);
    expect(notice.text).toMatch(/If it wasn’t you, change your password/);
    expect(linkIn(notice, '/forgot-password')).toBe(`${PUBLIC_URL}/forgot-password`);
    expect(linkIn(notice, '/confirm-email')).toBeUndefined();

    await signIn(wanted).expect(401);
    await signIn(user.email).expect(200);
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.email).toBe(user.email);

    // Opened elsewhere (no session): the change applies and every session of the account ends.
    const confirmed = await http.post('/api/auth/users/confirm-email/').send({ token }).expect(200);
    expect(confirmed.body).toEqual({ detail: `Your sign-in email is now ${wanted}.`, email: wanted, signed_in: false });
    expect(confirmed.headers['set-cookie']).toBeUndefined();
    await agent.get('/api/auth/users/me/').expect(401);
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${user.access}`).expect(401);
    await http.post('/api/auth/token-refresh/').send({ refresh: user.refresh }).expect(401);
    await signIn(user.email).expect(401);
    const signedIn = await signIn(wanted).expect(200);
    expect(signedIn.body).toMatchObject({ id: user.id, email: wanted });

    const reused = await http.post('/api/auth/users/confirm-email/').send({ token }).expect(400);
    expect(reused.body).toMatchObject({ code: 'invalid_email_change', detail: expect.stringContaining('expired') });
  });

  it('keeps the confirming browser signed in when it holds a session of that account', async () => {
    const { agent, user } = await registerOwner(t);
    const elsewhere = (await signIn(user.email).expect(200)).body as { access: string };
    const wanted = uniqueEmail('wanted');
    await agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const token = await confirmationToken(wanted);

    const confirmed = await agent.post('/api/auth/users/confirm-email/').send({ token }).expect(200);
    expect(confirmed.body).toMatchObject({ email: wanted, signed_in: true, access: expect.any(String) });
    expect((await agent.get('/api/auth/users/me/').expect(200)).body.email).toBe(wanted);
    await http.get('/api/auth/users/me/').set('Authorization', `JWT ${elsewhere.access}`).expect(401);
  });

  it('refuses an expired or unknown link', async () => {
    const { agent } = await registerOwner(t);
    const wanted = uniqueEmail('late');
    await agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const token = await confirmationToken(wanted);
    await databaseOf(t)
      .update(emailChanges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChanges.tokenHash, hashSecret(token)));
    const expired = await http.post('/api/auth/users/confirm-email/').send({ token }).expect(400);
    expect(expired.body.code).toBe('invalid_email_change');
    expect(await pendingOf(agent)).toBeNull();
    await http.post('/api/auth/users/confirm-email/').send({ token: 'made-up' }).expect(400);
    await signIn(wanted).expect(401);
  });

  it('answers an address that belongs to another account like any other, and refuses it when confirming', async () => {
    const { agent, user } = await registerOwner(t);
    const { user: holder } = await registerOwner(t);
    await agent.patch('/api/auth/users/me/').send({ email: holder.email, current_password: PASSWORD }).expect(200);
    const token = await confirmationToken(holder.email);
    const taken = await http.post('/api/auth/users/confirm-email/').send({ token }).expect(409);
    expect(taken.body).toMatchObject({ code: 'email_taken', detail: expect.stringContaining('was not changed') });
    expect(await pendingOf(agent)).toBeNull();
    await signIn(user.email).expect(200);
    await signIn(holder.email).expect(200);
  });

  it('refuses a link whose address got an account after the request', async () => {
    const { agent, user } = await registerOwner(t);
    const wanted = uniqueEmail('contested');
    await agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const token = await confirmationToken(wanted);
    await registerOwner(t, { email: wanted });
    await http.post('/api/auth/users/confirm-email/').send({ token }).expect(409);
    await signIn(user.email).expect(200);
  });

  it('resends a fresh link (the older one stops working), cancels, and is cancelled by a password change', async () => {
    const { agent } = await registerOwner(t);
    const wanted = uniqueEmail('resend');
    await agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const first = await confirmationToken(wanted);
    const resent = await agent.post('/api/auth/users/email-change/resend/').expect(200);
    expect(resent.body.pending.new_email).toBe(wanted);
    const second = await confirmationToken(wanted, [linkOf(first)]);
    await http.post('/api/auth/users/confirm-email/').send({ token: first }).expect(400);

    await agent.delete('/api/auth/users/email-change/').expect(204);
    expect(await pendingOf(agent)).toBeNull();
    await http.post('/api/auth/users/confirm-email/').send({ token: second }).expect(400);
    const nothing = await agent.post('/api/auth/users/email-change/resend/').expect(404);
    expect(nothing.body.code).toBe('no_email_change');

    // A newer request replaces an older one; changing the password drops it.
    const other = uniqueEmail('other');
    await agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const replaced = await confirmationToken(wanted, [linkOf(first), linkOf(second)]);
    await agent.patch('/api/auth/users/me/').send({ email: other, current_password: PASSWORD }).expect(200);
    await http.post('/api/auth/users/confirm-email/').send({ token: replaced }).expect(400);
    const last = await confirmationToken(other);
    await agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'a-new-password-1' })
      .expect(200);
    expect(await pendingOf(agent)).toBeNull();
    await http.post('/api/auth/users/confirm-email/').send({ token: last }).expect(400);
  });

  it('needs a session for everything but the confirmation', async () => {
    await http.get('/api/auth/users/email-change/').expect(401);
    await http.post('/api/auth/users/email-change/resend/').expect(401);
    await http.delete('/api/auth/users/email-change/').expect(401);
    const missing = await http.post('/api/auth/users/confirm-email/').send({}).expect(400);
    expect(missing.body.fields).toEqual({ token: ['This field is required.'] });
  });
});
