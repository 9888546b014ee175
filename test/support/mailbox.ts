import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { linkIn, parseMessage, smtpServerAt, type ReceivedMail } from './smtp.js';
import type { TestEnv } from './test-env.js';

/** Where an app's mail goes (AppConfig.mail): the SMTP server SMTP_URL names, else .eml files in the outbox folder. */
export interface MailDestination {
  mail: { smtpUrl?: string; outboxDir: string };
}

/** The mail destination of a server process started on this test environment. */
export function mailOf(testEnv: TestEnv): MailDestination {
  return { mail: { smtpUrl: testEnv.env.SMTP_URL, outboxDir: join(testEnv.dataDir, 'outbox') } };
}

/** Every mail delivered to `to` so far, oldest first. */
export function mailsTo(destination: MailDestination, to: string): ReceivedMail[] {
  const { smtpUrl, outboxDir } = destination.mail;
  if (smtpUrl) {
    const server = smtpServerAt(smtpUrl);
    if (!server) throw new Error(`No test SMTP server of this process listens at ${smtpUrl}`);
    return server.mails.filter((mail) => mail.to.includes(to));
  }
  if (!existsSync(outboxDir)) return [];
  return readdirSync(outboxDir)
    .filter((file) => file.endsWith('.eml'))
    .sort()
    .map((file) => {
      const raw = readFileSync(join(outboxDir, file));
      const recipients = /^To: (.*)$/im.exec(raw.toString('latin1'))?.[1] ?? '';
      return { ...parseMessage(raw), to: recipients.split(',').map((r) => r.trim()), from: '' };
    })
    .filter((mail) => mail.to.includes(to));
}

/**
 * Waits for a mail to `to` carrying a link under `pathPrefix` and returns the link; `ignore`: links seen before
 * (to wait for a newer one).
 */
export async function waitForLink(
  destination: MailDestination,
  to: string,
  pathPrefix: string,
  { ignore = [], timeoutMs = 5_000 }: { ignore?: string[]; timeoutMs?: number } = {},
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = mailsTo(destination, to)
      .map((mail) => linkIn(mail, pathPrefix))
      .find((found) => found && !ignore.includes(found));
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail to ${to} with a ${pathPrefix} link within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
