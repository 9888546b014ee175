import { eq } from 'drizzle-orm';
import request from 'supertest';
import { jobs } from '../../server/database/schema.js';
import { JobQueue } from '../../server/jobs/job-queue.service.js';
import { PASSWORD, PUBLIC_URL, registration, seedOwner, uniqueEmail } from '../support/accounts.js';
import { freePort } from '../support/server-process.js';
import { linkIn, startSmtpServer } from '../support/smtp.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';

let t: TestApp;
let smtpPort: number;
beforeAll(async () => {
  // An SMTP server that is down: nothing listens on this port (until the last test starts one there).
  smtpPort = await freePort();
  t = await startTestApp({ env: { PUBLIC_URL, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` } });
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

  it('keeps a background mail (a password reset) and delivers it once the server is back', async () => {
    const { agent, user } = await seedOwner(t);
    const since = new Date();
    await agent.post('/api/auth/users/forgot-password/').send({ email: user.email }).expect(200);
    const db = databaseOf(t);
    // The earlier tests' mails wait for their retries too; this one is the newest.
    const mailJob = async () =>
      (await db.select().from(jobs).where(eq(jobs.queue, 'mail'))).find((row) => row.createdAt >= since);
    // The reset is decided after the answer; its mail fails, and waits for a retry with its link sealed.
    const deadline = Date.now() + 15_000;
    while (!(await mailJob())?.lastError && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const waiting = await mailJob();
    expect(waiting).toMatchObject({ state: 'waiting', attempts: 1 });
    expect(waiting!.runAt.getTime()).toBeGreaterThan(Date.now());
    expect(JSON.stringify(waiting!.payload)).not.toMatch(/reset-password|@/);
    const metrics = (await request(t.app.getHttpServer()).get('/metrics').expect(200)).text;
    expect(metrics).toMatch(/^vr_queue_jobs\{queue="mail",state="scheduled"\} [1-9]/m);
    expect(metrics).toMatch(/^vr_job_runs_total\{queue="mail",outcome="retried"\} [1-9]/m);

    const smtp = await startSmtpServer(smtpPort);
    try {
      // As if its backoff had passed.
      await db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.id, waiting!.id));
      await t.app.get(JobQueue).settled();
      const mail = await smtp.waitForMail((m) => m.to.includes(user.email));
      expect(linkIn(mail, '/reset-password')).toMatch(/code=/);
      expect(await db.select().from(jobs).where(eq(jobs.id, waiting!.id))).toEqual([
        expect.objectContaining({ state: 'done', attempts: 2, payload: {} }),
      ]);
    } finally {
      await smtp.close();
    }
  });
});
