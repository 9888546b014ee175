import { freePort } from '../support/server-process.js';
import request from 'supertest';
import { PASSWORD, PUBLIC_URL, registration, seedOwner, uniqueEmail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // An SMTP server that is down: nothing listens on this port.
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
});
afterAll(() => t.close());

describe('when the mail server is down', () => {
  it('refuses the invitation with 502 and keeps no half-made invitation, so the owner can retry', async () => {
    const { agent } = await seedOwner(t);
    const email = uniqueEmail('unreachable');
    const res = await agent.post('/api/auth/invitations/').send({ email }).expect(502);
    expect(res.body).toEqual({
      detail: 'The invitation email could not be sent. Please try again.',
      code: 'mail_failed',
    });
    expect((await agent.get('/api/auth/invitations/').expect(200)).body.results).toEqual([]);
    await agent.post('/api/auth/invitations/').send({ email }).expect(502);
  });

  it('still answers forgot-password with the neutral message', async () => {
    const { agent, user } = await seedOwner(t);
    const res = await agent.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    expect(res.body.detail).toMatch(/^If an account exists/);
  });

  it('answers a sign-up as always: the mail is sent after the answer, so its failure cannot tell anything', async () => {
    const { user } = await seedOwner(t);
    const http = request(t.app.getHttpServer());
    const taken = await http
      .post('/api/auth/register/')
      .send(registration({ email: user.email }))
      .expect(202);
    const fresh = await http.post('/api/auth/register/').send(registration()).expect(202);
    expect(taken.body.detail).toBe(fresh.body.detail);
  });

  it('refuses an email change with 502 and leaves nothing pending, so the user can retry', async () => {
    const { agent, user } = await seedOwner(t);
    const res = await agent
      .patch('/api/auth/users/me/')
      .send({ email: uniqueEmail('unreachable'), current_password: PASSWORD, first_name: 'Kept' })
      .expect(502);
    expect(res.body).toEqual({
      detail: 'The confirmation email could not be sent. Please try again.',
      code: 'mail_failed',
    });
    expect((await agent.get('/api/auth/users/email-change/').expect(200)).body.pending).toBeNull();
    expect((await agent.get('/api/auth/users/me/').expect(200)).body).toMatchObject({
      email: user.email,
      first_name: 'Ana',
    });
  });
});
