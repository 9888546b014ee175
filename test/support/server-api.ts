import type { TAuthResponse } from '../../shared/accounts.js';
import { fixture } from '../factories/reviews.factory.js';
import { mailOf, waitForLink } from './mailbox.js';
import type { TestEnv } from './test-env.js';

/**
 * Signs up through the running server's API as the register page does, then opens the link it mailed (`testEnv`: the
 * server's environment, whose outbox or SMTP server gets the mail), and returns the session.
 */
export async function registerByApi(
  baseUrl: string,
  email: string,
  password: string,
  testEnv: TestEnv,
): Promise<TAuthResponse> {
  const headers = { 'content-type': 'application/json', origin: baseUrl };
  const res = await fetch(`${baseUrl}/api/auth/register/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, first_name: 'Test', last_name: 'Merchant' }),
  });
  if (res.status !== 202) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  const link = await waitForLink(mailOf(testEnv), email, '/register/confirm');
  const confirmed = await fetch(`${baseUrl}/api/auth/register/confirm/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ token: new URL(link).searchParams.get('token') }),
  });
  if (confirmed.status !== 200) throw new Error(`confirm answered ${confirmed.status}: ${await confirmed.text()}`);
  return (await confirmed.json()) as TAuthResponse;
}

/**
 * A call to the running server's API as a signed-in user (`access`: the session's access token): a GET, or a POST of
 * `body` as JSON. Answers the JSON; throws on an error status.
 */
export async function callApi<T>(baseUrl: string, access: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { authorization: `JWT ${access}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Invites `email` into the owner's workspace (`ownerAccess`: the owner's access token) and registers from the mailed
 * link, as an invited member does; answers the member's session.
 */
export async function joinByInvitation(
  baseUrl: string,
  ownerAccess: string,
  testEnv: TestEnv,
  email: string,
): Promise<TAuthResponse> {
  await callApi(baseUrl, ownerAccess, '/api/auth/invitations/', { email });
  const token = new URL(await waitForLink(mailOf(testEnv), email, '/register')).searchParams.get('token');
  const res = await fetch(`${baseUrl}/api/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ token, password: 'member-pass-1', first_name: 'Mia', last_name: 'Lopes' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as TAuthResponse;
}

/** GET of the running server's API as a signed-in user; answers the JSON. */
export const getByApi = <T>(baseUrl: string, access: string, path: string): Promise<T> =>
  callApi<T>(baseUrl, access, path);

/** A shopper's upload from a storefront (no session), as the widget sends it: fields first, then files. */
export async function uploadByApi(
  baseUrl: string,
  fields: Record<string, string>,
  files: Record<string, [fixtureName: string, type: string]>,
  /** The storefront page's origin, as a shopper's browser sends it (a product link is kept only on it). */
  origin?: string,
): Promise<string> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const [field, [name, type]] of Object.entries(files)) {
    form.set(field, new Blob([new Uint8Array(fixture(name))], { type }), name);
  }
  const res = await fetch(`${baseUrl}/api/reviews/upload/`, {
    method: 'POST',
    body: form,
    headers: origin ? { Origin: origin } : {},
  });
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}
