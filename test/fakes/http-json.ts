import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody } from './read-body.js';

/** A JSON (or empty) answer. */
export function sendJson(res: ServerResponse, status: number, body?: unknown, headers: Record<string, string> = {}) {
  if (body === undefined) {
    res.writeHead(status, headers).end();
    return;
  }
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
}

/** The request's body as JSON (form-encoded bodies become an object of strings); null when it is neither. */
export async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const text = await readBody(req);
  if (!text) return {};
  if ((req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(text));
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Posts a webhook the way a platform does; the answer's status and text. */
export async function postWebhook(
  url: string,
  body: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  return { status: res.status, body: await res.text() };
}
