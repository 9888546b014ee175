import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TAuthResponse } from '../../shared/accounts.js';
import { registerByApi } from '../support/server-api.js';
import { startServerProcess, type ServerProcess } from '../support/server-process.js';
import { startSmtpServer, type ReceivedMail, type SmtpTestServer } from '../support/smtp.js';
import { createTestEnv, type TestEnv } from '../support/test-env.js';

// Two production server processes on one PostgreSQL and one SMTP server; one is killed (SIGKILL, no shutdown) while
// review request mails go out, then started again. PGlite is one process's database, so this runs in the PostgreSQL
// pass only. A step the dead instance held is taken over once its lease lapses (REVIEW_REQUEST_SEND_LEASE_S, 15 s
// here against five minutes by default), then at the next dispatch (each minute), so this takes a minute or two.
const scaled = process.env.DATABASE_URL ? describe : describe.skip;

const REQUESTS = 300;
/** Long enough for a live instance's batch of 25 mails on a loaded machine: only the dead one's lapse. */
const LEASE_S = 15;
const buyer = (n: number) => `crash-buyer-${n}@example.com`;

function messageId(mail: ReceivedMail): string | undefined {
  const head = mail.raw.slice(0, mail.raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  return /^message-id:\s*(.+)$/im.exec(head)?.[1].trim();
}

scaled('review requests when an instance is killed while sending', () => {
  let testEnv: TestEnv;
  let smtp: SmtpTestServer;
  const instances: ServerProcess[] = [];
  let owner: TAuthResponse;
  let db: pg.Client;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    testEnv = await createTestEnv({
      SMTP_URL: smtp.url,
      ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      REVIEW_REQUEST_SEND_LEASE_S: String(LEASE_S),
    });
    // One after the other: the second finds the migrations applied by the first.
    for (let i = 0; i < 2; i++) instances.push(await startServerProcess(testEnv.env));
    owner = await registerByApi(instances[1].url, 'crash-owner@example.com', 'crash-test-pass-1', testEnv);
    db = new pg.Client({ connectionString: testEnv.env.DATABASE_URL });
    await db.connect();
    await db.query('update plans set max_monthly_requests = null');
  });

  afterAll(async () => {
    await db?.end();
    await Promise.all(instances.map((instance) => instance.stop()));
    await smtp?.close();
    await testEnv?.cleanup();
  });

  const requestMails = () => smtp.mails.filter((mail) => mail.to.some((to) => to.startsWith('crash-buyer-')));

  it(
    'sends every first mail: none lost, and only a mail in flight at the kill twice',
    async () => {
      // Through the instance that dies: it queues the sends and starts them at once (the other polls each second),
      // so it holds mails when it is killed.
      const url = instances[0].url;
      const headers = { authorization: `JWT ${owner.access}`, origin: url };
      const settings = await fetch(`${url}/api/review-requests/settings/`, {
        method: 'PUT',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          rate_per_minute: 600,
          delay_days: 0,
          send_window_start: '00:00',
          send_window_end: '23:59',
          reminders: 0,
        }),
      });
      expect(settings.status).toBe(200);

      const rows = Array.from({ length: REQUESTS }, (_, n) => `${buyer(n)},Buyer ${n},en,crash-${n},p-1,Linen Shirt`);
      const form = new FormData();
      const csv = ['customer_email,customer_name,locale,order_id,product_id,product_name', ...rows].join('\n');
      form.set('file', new Blob([csv], { type: 'text/csv' }), 'orders.csv');
      const imported = await fetch(`${url}/api/review-requests/import/`, { method: 'POST', body: form, headers });
      expect(imported.status).toBe(200);
      expect(await imported.json()).toEqual({ scheduled: REQUESTS, errors: [] });

      // Mails are going out (from both instances): the first instance dies without a shutdown, then comes back.
      for (let i = 0; requestMails().length < REQUESTS / 5; i++) {
        if (i > 1200) throw new Error(`Only ${requestMails().length} mails after a minute`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      // The mails in flight: claimed (a live lease), sent or not. Only these can go twice (see below). Read again after
      // the kill, where the dead instance's leases stay: a batch it claimed between the first read and the kill.
      const leased = 'select customer_email from review_requests where sending_until > now()';
      const { rows: held } = await db.query<{ customer_email: string }>(leased);
      expect(await instances[0].stop('SIGKILL')).toBeNull();
      held.push(...(await db.query<{ customer_email: string }>(leased)).rows);
      const atKill = requestMails().length;
      instances[0] = await startServerProcess(testEnv.env);
      expect(atKill).toBeLessThan(REQUESTS);

      // Steps the dead instance held wait for their lease to lapse, then the next dispatch (a minute).
      const deadline = Date.now() + LEASE_S * 1000 + 3 * 60_000;
      for (;;) {
        const { rows: open } = await db.query<{ n: number }>(
          "select count(*)::int as n from review_requests where status = 'scheduled'",
        );
        if (open[0].n === 0) break;
        if (Date.now() > deadline)
          throw new Error(`${open[0].n} requests still scheduled three minutes after the lease`);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      // A repeat would show in these seconds.
      await new Promise((resolve) => setTimeout(resolve, 2_000));

      const { rows: states } = await db.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from review_requests group by status',
      );
      expect(states).toEqual([{ status: 'sent', n: REQUESTS }]);
      const mails = requestMails();
      const perBuyer = new Map<string, number>();
      for (const mail of mails) for (const to of mail.to) perBuyer.set(to, (perBuyer.get(to) ?? 0) + 1);
      const lost = Array.from({ length: REQUESTS }, (_, n) => buyer(n)).filter((address) => !perBuyer.has(address));
      const twice = [...perBuyer].filter(([, count]) => count > 1).map(([address]) => address);
      expect(lost).toEqual([]);
      // SMTP has no idempotency: a mail the server accepted just before the kill, whose sending the dead instance had
      // not recorded yet, is sent again when its lease lapses. Only mails in flight at the kill, each repeated once with
      // the same Message-ID (its request and step), which mailbox providers drop as a duplicate.
      const inFlight = new Set(held.map((row) => row.customer_email));
      expect(twice.filter((address) => !inFlight.has(address))).toEqual([]);
      expect([...perBuyer.values()].every((count) => count <= 2)).toBe(true);
      expect(new Set(mails.map(messageId)).size).toBe(REQUESTS);
      console.log(
        `${new Set(held.map((row) => row.customer_email)).size} mails in flight at the kill, ${twice.length} sent twice`,
      );
    },
    6 * 60_000,
  );
});
