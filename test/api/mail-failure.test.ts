import { freePort } from '../support/server-process.js';
import { PUBLIC_URL, registerOwner, uniqueEmail } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
beforeAll(async () => {
  // An SMTP server that is down: nothing listens on this port.
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${await freePort()}` } });
});
afterAll(() => t.close());

describe('when the mail server is down', () => {
  it('refuses the invitation with 502 and keeps no half-made invitation, so the owner can retry', async () => {
    const { agent } = await registerOwner(t);
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
    const { agent, user } = await registerOwner(t);
    const res = await agent.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    expect(res.body.detail).toMatch(/^If an account exists/);
  });
});
