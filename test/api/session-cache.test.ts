import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import request from 'supertest';
import { createApp } from '../../server/app.js';
import type { TAuthResponse, TUser } from '../../shared/accounts.js';
import { waitForLink } from '../support/mailbox.js';
import { PASSWORD, PUBLIC_URL, registerOwner, registration, uniqueEmail, type Agent } from '../support/accounts.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

// Authenticated calls use each instance's short-lived copy of the session (SessionCache), checked on every call
// against the user's stamp in the shared cache: a removed member, a changed password or email, a renamed store show
// at the very next call, on this instance and on any other.

let t: TestApp;
let http: ReturnType<typeof request>;
beforeAll(async () => {
  t = await startTestApp({ env: { PUBLIC_URL } });
  http = request(t.app.getHttpServer());
});
afterAll(() => t.close());

/** A member of the owner's workspace through the invitation mail, with their tokens. */
async function member(owner: Agent): Promise<TAuthResponse> {
  const email = uniqueEmail('member');
  await owner.post('/api/auth/invitations/').send({ email }).expect(201);
  const token = new URL(await waitForLink(t.config, email, '/register')).searchParams.get('token') ?? '';
  const res = await http
    .post('/api/auth/register/')
    .send(registration({ email: undefined, token }))
    .expect(201);
  return res.body as TAuthResponse;
}

const as = (client: ReturnType<typeof request>, access: string, path: string) =>
  client.get(path).set('Authorization', `JWT ${access}`);

/** Reads twice, so the session is held by that instance when the change comes. */
async function held(client: ReturnType<typeof request>, access: string, path: string): Promise<void> {
  for (let i = 0; i < 2; i += 1) await as(client, access, path).expect(200);
}

function checks(instances: () => Array<ReturnType<typeof request>>) {
  it('refuses a removed member at the next call', async () => {
    const owner = await registerOwner(t);
    const joined = await member(owner.agent);
    for (const client of instances()) await held(client, joined.access, '/api/auth/users/');
    await owner.agent.delete(`/api/auth/users/${joined.id}/`).expect(204);
    for (const client of instances()) {
      expect((await as(client, joined.access, '/api/auth/users/').expect(403)).body.code).toBe('no_workspace');
      const named = as(client, joined.access, '/api/auth/users/').set('X-Workspace-ID', owner.user.workspace_id!);
      expect((await named.expect(403)).body.code).toBe('workspace_forbidden');
    }
  });

  it('ends every other session at the next call when the password changes', async () => {
    const owner = await registerOwner(t);
    for (const client of instances()) await held(client, owner.user.access, '/api/auth/users/me/');
    await owner.agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'new-password-1' })
      .expect(200);
    for (const client of instances()) await as(client, owner.user.access, '/api/auth/users/me/').expect(401);
    await owner.agent.get('/api/auth/users/me/').expect(200);
  });

  it("draws pages from the calls' copy of the session, and ends them with it", async () => {
    const owner = await registerOwner(t);
    const page = (client: ReturnType<typeof request>) =>
      client.get('/settings').set('Cookie', `access_token=${owner.user.access}`);
    for (const client of instances()) {
      await held(client, owner.user.access, '/api/auth/users/me/');
      expect((await page(client).expect(200)).text).toContain(owner.user.email);
    }
    await owner.agent.patch(`/api/stores/${owner.merchantId}/`).send({ store_name: 'Renamed on the page' }).expect(200);
    for (const client of instances()) expect((await page(client).expect(200)).text).toContain('Renamed on the page');
    await owner.agent
      .post('/api/auth/users/change-password/')
      .send({ current_password: PASSWORD, new_password: 'new-password-1', confirm_password: 'new-password-1' })
      .expect(200);
    for (const client of instances()) {
      expect((await page(client).expect(302)).headers.location).toBe('/login?next=%2Fsettings');
    }
  });

  it('ends every session at the next call when a new sign-in email is confirmed', async () => {
    const owner = await registerOwner(t);
    for (const client of instances()) await held(client, owner.user.access, '/api/auth/users/me/');
    const wanted = uniqueEmail('moved');
    await owner.agent.patch('/api/auth/users/me/').send({ email: wanted, current_password: PASSWORD }).expect(200);
    const token = new URL(await waitForLink(t.config, wanted, '/confirm-email')).searchParams.get('token');
    await http.post('/api/auth/users/confirm-email/').send({ token }).expect(200);
    for (const client of instances()) await as(client, owner.user.access, '/api/auth/users/me/').expect(401);
  });

  it("shows a store's new name and a profile's new name to every member at the next call", async () => {
    const owner = await registerOwner(t);
    const joined = await member(owner.agent);
    for (const client of instances()) {
      await held(client, joined.access, '/api/auth/users/me/');
      await held(client, owner.user.access, '/api/auth/users/me/');
    }
    await owner.agent.patch(`/api/stores/${owner.merchantId}/`).send({ store_name: 'Renamed store' }).expect(200);
    await owner.agent.patch('/api/auth/users/me/').send({ first_name: 'Renamed' }).expect(200);
    for (const client of instances()) {
      const seen = (await as(client, joined.access, '/api/auth/users/me/').expect(200)).body as TUser;
      expect(seen.merchant?.store_name).toBe('Renamed store');
      const own = (await as(client, owner.user.access, '/api/auth/users/me/').expect(200)).body as TUser;
      expect(own.first_name).toBe('Renamed');
    }
  });
}

describe('the session cache on one instance', () => {
  checks(() => [http]);
});

describe('the session cache across instances', () => {
  // Instances share session stamps only through Redis (and boot on one PostgreSQL).
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL ? describe : describe.skip;
  shared('a second instance', () => {
    let other: NestFastifyApplication;
    beforeAll(async () => {
      other = await createApp(t.config);
      await other.getHttpAdapter().getInstance().ready();
    });
    afterAll(() => other.close());
    checks(() => [http, request(other.getHttpServer())]);
  });
});
