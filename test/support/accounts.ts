import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import request from 'supertest';
import type { TAuthResponse, TRegisterBody } from '../../shared/accounts.js';
import { linkIn, parseMessage } from './smtp.js';
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

/** Registers through the API with a fresh agent that then holds the session cookies. */
export async function registerOwner(
  t: TestApp,
  overrides: Partial<TRegisterBody> = {},
): Promise<{ agent: Agent; user: TAuthResponse; password: string; merchantId: string; storeId: string }> {
  const agent = browserAgent(t);
  const body = registration(overrides);
  const res = await agent.post('/api/auth/register/').send(body).expect(201);
  const user = res.body as TAuthResponse;
  return { agent, user, password: body.password, merchantId: user.merchant!.id, storeId: user.merchant!.store_id };
}

/**
 * A member of the owner's workspace, through the invitation mail the app writes to its outbox (apps started
 * without SMTP_URL).
 */
export async function joinAsMember(t: TestApp, owner: Agent): Promise<Agent> {
  const outbox = join(t.testEnv.dataDir, 'outbox');
  const before = new Set(existsSync(outbox) ? readdirSync(outbox) : []);
  await owner
    .post('/api/auth/invitations/')
    .send({ email: uniqueEmail('member') })
    .expect(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    const fresh = existsSync(outbox) ? readdirSync(outbox).filter((file) => !before.has(file)) : [];
    link = fresh
      .map((file) => linkIn({ ...parseMessage(readFileSync(join(outbox, file))), to: [], from: '' }, '/register'))
      .find((l) => l?.includes('token='));
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  if (!link) throw new Error('No invitation mail in the outbox');
  const member = browserAgent(t);
  const token = new URL(link).searchParams.get('token') ?? '';
  await member
    .post('/api/auth/register/')
    .send(registration({ email: undefined, token }))
    .expect(201);
  return member;
}
