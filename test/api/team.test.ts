import { eq } from 'drizzle-orm';
import request from 'supertest';
import { invitations } from '../../server/database/schema.js';
import type { TAuthResponse } from '../../shared/accounts.js';
import { linkIn, startSmtpServer, type SmtpTestServer } from '../support/smtp.js';
import { databaseOf, startTestApp, type TestApp } from '../support/test-app.js';
import {
  PASSWORD,
  PUBLIC_URL,
  browserAgent,
  registerOwner,
  registration,
  seedOwner,
  uniqueEmail,
  type Agent,
} from '../support/accounts.js';

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

async function invite(owner: Agent, email: string): Promise<string> {
  await owner.post('/api/auth/invitations/').send({ email }).expect(201);
  // An invitee with an account also got its sign-up mail: the invitation is the one with an invitation token.
  const mail = await smtp.waitForMail(
    (m) => m.to.includes(email) && !!linkIn(m, '/register')?.includes('/register?token='),
  );
  const link = linkIn(mail, '/register');
  expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/register\\?token=`));
  return new URL(link!).searchParams.get('token')!;
}

async function joinAsMember(
  owner: Agent,
  email = uniqueEmail('member'),
): Promise<{ agent: Agent; user: TAuthResponse }> {
  const token = await invite(owner, email);
  const agent = browserAgent(t);
  const res = await agent
    .post('/api/auth/register/')
    .send(registration({ email: undefined, token }))
    .expect(201);
  return { agent, user: res.body as TAuthResponse };
}

describe('invitations', () => {
  it('mails a link that signs the invitee up as a member of the workspace, with the invitation email whatever the form says', async () => {
    const { agent: owner, user: ownerUser } = await registerOwner(t);
    const email = uniqueEmail('invitee');
    const invited = await owner.post('/api/auth/invitations/').send({ email: email.toUpperCase() }).expect(201);
    expect(invited.body).toMatchObject({ email, status: 'pending' });
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/invit/i);
    const token = new URL(linkIn(mail, '/register')!).searchParams.get('token')!;

    const verify = await http.get(`/api/auth/invitations/verify/${token}/`).expect(200);
    expect(verify.body).toMatchObject({ email });
    const list = await owner.get('/api/auth/invitations/').expect(200);
    expect(list.body.results).toEqual([expect.objectContaining({ id: invited.body.id, email, status: 'pending' })]);

    const res = await http
      .post('/api/auth/register/')
      .send(registration({ email: 'someone-else@example.com', token }))
      .expect(201);
    expect(res.body).toMatchObject({ email, groups: ['member'], workspace_id: ownerUser.workspace_id });
    expect(res.body.merchant.id).toBe(ownerUser.merchant?.id);
    expect(res.body.permissions).not.toContain('accounts.manage_team');

    // Accepted: gone from the pending list, the link is dead, and the member is listed as active.
    expect((await owner.get('/api/auth/invitations/').expect(200)).body.results).toEqual([]);
    const dead = await http.get(`/api/auth/invitations/verify/${token}/`).expect(404);
    expect(dead.body).toEqual({ detail: 'Invalid or expired invitation link.', code: 'invalid_invitation' });
    await http.post('/api/auth/register/').send(registration({ token })).expect(400);
    const members = await owner.get('/api/auth/users/').expect(200);
    expect(
      members.body.results.map((m: { email: string; role: string; status: string }) => [m.email, m.role, m.status]),
    ).toEqual([
      [ownerUser.email, 'owner', 'active'],
      [email, 'member', 'active'],
    ]);
  });

  it('refuses to invite a member (400) or an email already invited (409), naming the email', async () => {
    const { agent: owner, user } = await registerOwner(t);
    const self = await owner.post('/api/auth/invitations/').send({ email: user.email }).expect(400);
    expect(self.body).toMatchObject({ code: 'already_member', detail: expect.stringContaining(user.email) });
    const email = uniqueEmail('twice');
    await owner.post('/api/auth/invitations/').send({ email }).expect(201);
    const again = await owner.post('/api/auth/invitations/').send({ email }).expect(409);
    expect(again.body).toMatchObject({ code: 'already_invited', detail: expect.stringContaining(email) });
    const bad = await owner.post('/api/auth/invitations/').send({ email: '' }).expect(400);
    expect(bad.body.fields.email).toBeDefined();
  });

  it('cancels an invitation, which kills its link; another workspace cannot cancel it', async () => {
    const { agent: owner } = await registerOwner(t);
    const { agent: stranger } = await registerOwner(t);
    const email = uniqueEmail('cancel');
    const token = await invite(owner, email);
    const { results } = (await owner.get('/api/auth/invitations/').expect(200)).body as {
      results: Array<{ id: string }>;
    };
    await stranger.delete(`/api/auth/invitations/${results[0].id}/`).expect(404);
    await owner.delete(`/api/auth/invitations/${results[0].id}/`).expect(204);
    await owner.delete(`/api/auth/invitations/${results[0].id}/`).expect(404);
    await http.get(`/api/auth/invitations/verify/${token}/`).expect(404);
    await owner.delete('/api/auth/invitations/not-a-uuid/').expect(404);
    // The email can be invited again once the old invitation is closed.
    await owner.post('/api/auth/invitations/').send({ email }).expect(201);
  });

  it('refuses an expired invitation', async () => {
    const { agent: owner } = await registerOwner(t);
    const email = uniqueEmail('late');
    const token = await invite(owner, email);
    await databaseOf(t)
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.email, email));
    await http.get(`/api/auth/invitations/verify/${token}/`).expect(404);
    const res = await http.post('/api/auth/register/').send(registration({ token })).expect(400);
    expect(res.body.code).toBe('invalid_invitation');
    expect((await owner.get('/api/auth/invitations/').expect(200)).body.results).toEqual([]);
    await owner.post('/api/auth/invitations/').send({ email }).expect(201);
  });
});

describe('members and permissions', () => {
  it('lets the owner remove a member but never an owner; members may list the team but not manage it', async () => {
    const { agent: owner, user: ownerUser } = await registerOwner(t);
    const { agent: member, user: memberUser } = await joinAsMember(owner);

    const listed = await member.get('/api/auth/users/').expect(200);
    expect(listed.body.results).toHaveLength(2);
    for (const call of [
      member.get('/api/auth/invitations/'),
      member.post('/api/auth/invitations/').send({ email: uniqueEmail() }),
      member.delete(`/api/auth/users/${ownerUser.id}/`),
      member.patch(`/api/stores/${ownerUser.merchant?.id}/`).send({ main_language: 'es' }),
    ]) {
      const res = await call.expect(403);
      expect(res.body.code).toBe('permission_denied');
    }

    const ownerRemoval = await owner.delete(`/api/auth/users/${ownerUser.id}/`).expect(400);
    expect(ownerRemoval.body.code).toBe('owner_not_removable');
    await owner.delete(`/api/auth/users/${memberUser.id}/`).expect(204);
    await owner.delete(`/api/auth/users/${memberUser.id}/`).expect(404);
    expect((await owner.get('/api/auth/users/').expect(200)).body.results).toHaveLength(1);

    // Removed: still a user, but in no workspace now.
    const me = await member.get('/api/auth/users/me/').expect(200);
    expect(me.body).toMatchObject({ merchant: null, groups: [], permissions: [] });
    const noWorkspace = await member.get('/api/auth/users/').expect(403);
    expect(noWorkspace.body.code).toBe('no_workspace');
  });

  it('never shows or touches another workspace: X-Workspace-ID must be one of the user’s', async () => {
    const { agent: a, user: userA } = await registerOwner(t);
    const { agent: b, user: userB } = await registerOwner(t);
    const foreign = await a.get('/api/auth/users/').set('X-Workspace-ID', userB.workspace_id!).expect(403);
    expect(foreign.body.code).toBe('workspace_forbidden');
    await a.get('/api/auth/users/').set('X-Workspace-ID', 'garbage').expect(403);
    await a.delete(`/api/auth/users/${userB.id}/`).expect(404);
    await a.patch(`/api/stores/${userB.merchant?.id}/`).send({ main_language: 'pt' }).expect(404);
    const own = await a.get('/api/auth/users/').set('X-Workspace-ID', userA.workspace_id!).expect(200);
    expect(own.body.results.map((m: { email: string }) => m.email)).toEqual([userA.email]);
    expect((await b.get('/api/auth/users/').expect(200)).body.results.map((m: { email: string }) => m.email)).toEqual([
      userB.email,
    ]);
  });

  it('lets an existing account accept an invitation by signing in, then work in both workspaces', async () => {
    const { user: a } = await registerOwner(t);
    const { agent: ownerB, user: b } = await registerOwner(t);
    const token = await invite(ownerB, a.email);
    // Signing up again is not the way: the email is taken.
    const taken = await http.post('/api/auth/register/').send(registration({ token })).expect(409);
    expect(taken.body.fields.email).toBeDefined();
    const check = await http.get(`/api/auth/invitations/verify/${token}/`).expect(200);
    expect(check.body).toMatchObject({ email: a.email, user_exists: true });

    // Someone else's account cannot take it.
    const { user: c } = await registerOwner(t);
    const mismatch = await http
      .post('/api/auth/token-obtain/')
      .send({ email: c.email, password: PASSWORD, token })
      .expect(403);
    expect(mismatch.body).toMatchObject({
      code: 'invitation_email_mismatch',
      detail: expect.stringContaining(a.email),
    });

    const agent = browserAgent(t);
    const joined = await agent
      .post('/api/auth/token-obtain/')
      .send({ email: a.email, password: PASSWORD, token })
      .expect(200);
    expect(joined.body).toMatchObject({
      workspace_id: b.workspace_id,
      groups: ['member'],
      merchant: { id: b.merchant?.id },
    });
    await http.post('/api/auth/token-obtain/').send({ email: a.email, password: PASSWORD, token }).expect(400);

    const list = await agent.get('/api/workspaces/').expect(200);
    expect(list.body.results.map((w: { id: string; role: string }) => [w.id, w.role])).toEqual([
      [a.workspace_id, 'owner'],
      [b.workspace_id, 'member'],
    ]);
    // No header: the first workspace. The header switches, and permissions follow the role there.
    expect((await agent.get('/api/auth/users/me/').expect(200)).body).toMatchObject({
      workspace_id: a.workspace_id,
      groups: ['owner'],
    });
    const inB = await agent.get('/api/auth/users/me/').set('X-Workspace-ID', b.workspace_id!).expect(200);
    expect(inB.body).toMatchObject({
      workspace_id: b.workspace_id,
      groups: ['member'],
      merchant: { id: b.merchant?.id },
    });
    await agent.get('/api/auth/invitations/').set('X-Workspace-ID', b.workspace_id!).expect(403);
    await agent.get('/api/auth/invitations/').set('X-Workspace-ID', a.workspace_id!).expect(200);
    const teamB = await agent.get('/api/auth/users/').set('X-Workspace-ID', b.workspace_id!).expect(200);
    expect(teamB.body.results.map((m: { email: string }) => m.email)).toEqual([b.email, a.email]);
  });
});

describe('PATCH /api/stores/{id}/', () => {
  it('renames the store for its owner only, trimmed, never to nothing', async () => {
    // Owners made through the repository: sign-ups are limited per address, and this file makes many.
    const { agent: owner, merchantId } = await seedOwner(t);
    const path = `/api/stores/${merchantId}/`;
    const res = await owner.patch(path).send({ store_name: '  Casa Azul  ' }).expect(200);
    expect(res.body).toMatchObject({ id: merchantId, store_name: 'Casa Azul', main_language: 'en' });
    expect((await owner.get('/api/auth/users/me/').expect(200)).body.merchant.store_name).toBe('Casa Azul');
    // The workspace switcher names the workspace after its store.
    expect((await owner.get('/api/workspaces/').expect(200)).body.results[0].name).toBe('Casa Azul');

    const blank = await owner.patch(path).send({ store_name: '   ' }).expect(400);
    expect(blank.body.fields.store_name).toEqual(['This field is required.']);
    const long = await owner
      .patch(path)
      .send({ store_name: 'x'.repeat(151) })
      .expect(400);
    expect(long.body.fields.store_name).toEqual(['Store name must be at most 150 characters.']);
    const wrongType = await owner.patch(path).send({ store_name: 42 }).expect(400);
    expect(wrongType.body.fields.store_name).toBeDefined();
    const empty = await owner.patch(path).send({}).expect(400);
    expect(empty.body.detail).toBe('Send main_language or store_name.');
    await owner.patch(path).send({ store_name: 'Casa', store_id: 'mine' }).expect(400);
    // Both at once.
    const both = await owner.patch(path).send({ store_name: 'Casa Verde', main_language: 'pt' }).expect(200);
    expect(both.body).toMatchObject({ store_name: 'Casa Verde', main_language: 'pt' });

    const { agent: member } = await joinAsMember(owner);
    const refused = await member.patch(path).send({ store_name: 'Mine now' }).expect(403);
    expect(refused.body.code).toBe('permission_denied');
    const { agent: stranger } = await seedOwner(t);
    await stranger.patch(path).send({ store_name: 'Mine now' }).expect(404);
    expect((await owner.get('/api/auth/users/me/').expect(200)).body.merchant.store_name).toBe('Casa Verde');
  });

  it('names the owner and the store as they are when the invitation is sent, not as they were at sign-up', async () => {
    // Signed up as Ana Souza, with no store name: the workspace was named after her then.
    const { agent: owner, merchantId } = await seedOwner(t);
    await owner.patch('/api/auth/users/me/').send({ first_name: 'Bianca', last_name: 'Reis' }).expect(200);
    const first = uniqueEmail('renamed');
    const token = await invite(owner, first);
    const mail = await smtp.waitForMail((m) => m.to.includes(first));
    expect(mail.subject).toBe('Bianca Reis invited you to Bianca Reis on Video Reviews');
    expect(mail.text).not.toContain('Ana Souza');
    expect((await http.get(`/api/auth/invitations/verify/${token}/`).expect(200)).body).toMatchObject({
      workspace_name: 'Bianca Reis',
      store_name: '',
    });

    // Once the store has a name, invitations name the store; links already sent show it too.
    await owner.patch(`/api/stores/${merchantId}/`).send({ store_name: 'Loja Reis' }).expect(200);
    const second = uniqueEmail('named');
    await invite(owner, second);
    const named = await smtp.waitForMail((m) => m.to.includes(second));
    expect(named.subject).toBe('Bianca Reis invited you to Loja Reis on Video Reviews');
    expect((await http.get(`/api/auth/invitations/verify/${token}/`).expect(200)).body).toMatchObject({
      workspace_name: 'Loja Reis',
      store_name: 'Loja Reis',
    });
  });

  it('sets the store language (en, es, pt only), which the mails then follow', async () => {
    const { agent: owner, user } = await registerOwner(t);
    const res = await owner.patch(`/api/stores/${user.merchant?.id}/`).send({ main_language: 'es' }).expect(200);
    expect(res.body).toMatchObject({ id: user.merchant?.id, main_language: 'es' });
    const bad = await owner.patch(`/api/stores/${user.merchant?.id}/`).send({ main_language: 'fr' }).expect(400);
    expect(bad.body.fields.main_language).toBeDefined();
    const email = uniqueEmail('es');
    await owner.post('/api/auth/invitations/').send({ email }).expect(201);
    const mail = await smtp.waitForMail((m) => m.to.includes(email));
    expect(mail.subject).toMatch(/invitaci|te invit/i);
  });
});
