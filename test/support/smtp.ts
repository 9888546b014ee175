import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  /** Envelope sender. */
  from: string;
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpTestServer {
  /** `smtp://127.0.0.1:PORT`: plain SMTP, no STARTTLS offered, no auth required (use as SMTP_URL). */
  url: string;
  mails: ReceivedMail[];
  /**
   * Refuses mail to `address` with this SMTP reply at RCPT TO (a 5xx is permanent, a 4xx temporary), until
   * `accept(address)`.
   */
  refuse(address: string, code: number, message: string): void;
  accept(address: string): void;
  waitForMail(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

const running = new Map<string, SmtpTestServer>();

/** The test SMTP server listening at `url` (an app's SMTP_URL), if this process started it. */
export function smtpServerAt(url: string): SmtpTestServer | undefined {
  return running.get(url);
}

/** A real SMTP server on a free local port (or on `port`) that keeps every message it receives, decoded. */
export async function startSmtpServer(port = 0): Promise<SmtpTestServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<(mail: ReceivedMail) => void>();
  const refusals = new Map<string, { code: number; message: string }>();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // The app keeps its pooled connections open: closing waits this long for them (30 s by default), then ends them.
    closeTimeout: 1_000,
    onRcptTo(address, _session, callback) {
      const refusal = refusals.get(address.address.toLowerCase());
      if (!refusal) return callback();
      callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        const mail = {
          ...parseMessage(Buffer.concat(chunks)),
          from: mailFrom ? mailFrom.address : '',
          to: rcptTo.map((address) => address.address),
        };
        mails.push(mail);
        for (const waiter of waiters) waiter(mail);
        callback();
      });
    },
  });
  // A client killed mid-session (a crash test's instance) resets its connection: that is its end, not this server's.
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') console.error('Test SMTP server:', error);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  const started: SmtpTestServer = {
    url,
    mails,
    refuse(address, code, message) {
      refusals.set(address.toLowerCase(), { code, message });
    },
    accept(address) {
      refusals.delete(address.toLowerCase());
    },
    waitForMail(predicate, timeoutMs = 5_000) {
      const found = mails.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          const seen = mails.map((mail) => `"${mail.subject}" to ${mail.to.join(', ')}`).join('; ') || 'none';
          reject(new Error(`No matching mail within ${timeoutMs} ms (received: ${seen})`));
        }, timeoutMs);
        const waiter = (mail: ReceivedMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timer);
          waiters.delete(waiter);
          resolve(mail);
        };
        waiters.add(waiter);
      });
    },
    close: () => {
      running.delete(url);
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  running.set(url, started);
  return started;
}

/** The first http(s) URL in the plain-text part whose path starts with `pathPrefix`. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string | undefined {
  return mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((link) => new URL(link).pathname.startsWith(pathPrefix));
}

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

/**
 * Decodes a message as nodemailer writes it (an SMTP delivery or an outbox .eml): nested multiparts,
 * quoted-printable, base64 and encoded-word headers.
 */
export function parseMessage(message: Buffer): Omit<ReceivedMail, 'to' | 'from'> {
  const raw = message.toString('latin1');
  const root = splitPart(raw);
  const found: { text?: string; html?: string } = {};
  collectBodies(root, found);
  return {
    subject: decodeWords(root.headers.get('subject') ?? ''),
    text: found.text ?? '',
    html: found.html ?? '',
    raw: message.toString('utf8'),
  };
}

// The message is held as latin1 so each char is one byte: decoding to UTF-8 (or the part's charset) happens last.
function splitPart(raw: string): MimePart {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end === -1 ? raw : raw.slice(0, end);
  const body = end === -1 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function headerParams(value: string): { type: string; params: Map<string, string> } {
  const [type, ...rest] = value.split(';');
  const params = new Map<string, string>();
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq > 0)
      params.set(
        param.slice(0, eq).trim().toLowerCase(),
        param
          .slice(eq + 1)
          .trim()
          .replace(/^"|"$/g, ''),
      );
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectBodies(part: MimePart, found: { text?: string; html?: string }): void {
  const { type, params } = headerParams(part.headers.get('content-type') ?? 'text/plain');
  const boundary = params.get('boundary');
  if (type.startsWith('multipart/') && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collectBodies(splitPart(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')), found);
    }
    return;
  }
  const disposition = part.headers.get('content-disposition') ?? '';
  if (disposition.toLowerCase().startsWith('attachment')) return;
  const bytes = decodeTransfer(part.body, part.headers.get('content-transfer-encoding') ?? '7bit');
  const text = new TextDecoder(params.get('charset') ?? 'utf-8').decode(bytes).replace(/\r\n/g, '\n');
  if (type === 'text/plain') found.text ??= text;
  if (type === 'text/html') found.html ??= text;
}

function decodeTransfer(body: string, encoding: string): Buffer {
  switch (encoding.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64');
    case 'quoted-printable':
      return Buffer.from(
        body
          .replace(/[ \t]+(?=\r?\n)/g, '')
          .replace(/=\r?\n/g, '')
          .replace(/=([0-9A-Fa-f]{2})/g, hexByte),
        'latin1',
      );
    default:
      return Buffer.from(body, 'latin1');
  }
}

function hexByte(_match: string, hex: string): string {
  return String.fromCharCode(parseInt(hex, 16));
}

const ENCODED_WORD = /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g;

/** RFC 2047: whitespace between adjacent encoded words is dropped; a word may split a multi-byte character. */
function decodeWords(value: string): string {
  const joined = value.replace(/(\?=)\s+(?==\?)/g, '$1');
  let out = '';
  let last = 0;
  let run: { charset: string; bytes: Buffer[] } | undefined;
  const flush = () => {
    if (run) out += new TextDecoder(run.charset).decode(Buffer.concat(run.bytes));
    run = undefined;
  };
  for (const match of joined.matchAll(ENCODED_WORD)) {
    const [word, charset, encoding, encoded] = match;
    if (match.index > last) {
      flush();
      out += Buffer.from(joined.slice(last, match.index), 'latin1').toString('utf8');
    }
    const bytes =
      encoding.toUpperCase() === 'B'
        ? Buffer.from(encoded, 'base64')
        : Buffer.from(encoded.replace(/_/g, ' ').replace(/=([0-9A-Fa-f]{2})/g, hexByte), 'latin1');
    if (run && run.charset !== charset.toLowerCase()) flush();
    run ??= { charset: charset.toLowerCase(), bytes: [] };
    run.bytes.push(bytes);
    last = match.index + word.length;
  }
  flush();
  return out + Buffer.from(joined.slice(last), 'latin1').toString('utf8');
}
