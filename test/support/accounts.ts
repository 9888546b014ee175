import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { AccountsRepository } from '../../server/accounts/accounts.repository.js';
import { hashPassword } from '../../server/auth/password-hasher.js';
import type { TAuthResponse, TRegisterBody } from '../../shared/accounts.js';
import { waitForLink } from './mailbox.js';
import type { TestApp } from './test-app.js';

/** The public URL API tests give the app; cookie-authenticated writes must come from this origin. */
export const PUBLIC_URL = 'http://reviews.test';

export type Agent = ReturnType<typeof request.agent>;

/** A browser-like client: keeps cookies and sends this site's Origin, as the dashboard does. */
export function browserAgent(t: TestApp): Agent {
  return request.agent(t.app.getHttpServer()).set('Origin', PUBLIC_URL);
}

let counter = 0;
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Date.now().toString(36)}@example.com`;
}

export const PASSWORD = 'correct-horse-9';

export function registration(overrides: Partial<TRegisterBody> = {}): TRegisterBody {
  return {
    email: uniqueEmail(),
    password: PASSWORD,
    first_name: 'Ana',
    last_name: 'Souza',
    phone: '+55 11 5555-0000',
    ...overrides,
  } satisfies TRegisterBody;
}

export interface RegisteredOwner {
  agent: Agent;
  user: TAuthResponse;
  password: string;
  merchantId: string;
  storeId: string;
}

/**
 * Signs up through the API as the sign-up page does (202, then the link mailed to the address — the app's outbox, or
 * the test SMTP server its SMTP_URL names), with a fresh agent that then holds the session cookies.
 */
export async function registerOwner(t: TestApp, overrides: Partial<TRegisterBody> = {}): Promise<RegisteredOwner> {
  const agent = browserAgent(t);
  const body = registration(overrides);
  await agent.post('/api/auth/register/').send(body).expect(202);
  const link = await waitForLink(t.config, body.email!.trim().toLowerCase(), '/register/confirm');
  const token = new URL(link).searchParams.get('token');
  const res = await agent.post('/api/auth/register/confirm/').send({ token }).expect(200);
  const user = res.body as TAuthResponse;
  return { agent, user, password: body.password, merchantId: user.merchant!.id, storeId: user.merchant!.store_id };
}

/** An owner account made through the repository (no mail needed, e.g. with the mail server down), signed in. */
export async function seedOwner(t: TestApp): Promise<RegisteredOwner> {
  const email = uniqueEmail('seeded');
  await t.app
    .get(AccountsRepository)
    .createOwnerAccount(
      { email, passwordHash: await hashPassword(PASSWORD), firstName: 'Ana', lastName: 'Souza' },
      { platform: 'tiendanube', storeId: `seed${randomBytes(6).toString('hex')}`, storeName: '' },
      'Ana Souza',
    );
  const agent = browserAgent(t);
  const res = await agent.post('/api/auth/token-obtain/').send({ email, password: PASSWORD }).expect(200);
  const user = res.body as TAuthResponse;
  return { agent, user, password: PASSWORD, merchantId: user.merchant!.id, storeId: user.merchant!.store_id };
}

/** A member of the owner's workspace, through the invitation mail. */
export async function joinAsMember(t: TestApp, owner: Agent): Promise<Agent> {
  const email = uniqueEmail('member');
  await owner.post('/api/auth/invitations/').send({ email }).expect(201);
  const link = await waitForLink(t.config, email, '/register');
  const member = browserAgent(t);
  const token = new URL(link).searchParams.get('token') ?? '';
  await member
    .post('/api/auth/register/')
    .send(registration({ email: undefined, token }))
    .expect(201);
  return member;
}
