import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { addressOf, type AppConfig } from '../config/config.js';
import { APP_CONFIG } from '../config/config.module.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged when there is no SMTP server so an operator can pass it on. */
  link?: string;
  attachments?: Array<{ filename: string; content: string; contentType: string }>;
  /** The sender's display name on the operator's MAIL_FROM address (a store's name on its review requests). */
  fromName?: string;
  replyTo?: string;
  headers?: Record<string, string>;
  /** `<id@domain>`; nodemailer makes a random one when absent. */
  messageId?: string;
}

/** Connections each instance keeps open to the mail server. */
const SMTP_CONNECTIONS = 8;

/** A refusal the mail server gave for good (an SMTP 5xx reply): no retry will get the mail through. */
export function permanentRefusal(error: unknown): string | null {
  const { responseCode, response } = (error ?? {}) as { responseCode?: unknown; response?: unknown };
  if (typeof responseCode !== 'number' || responseCode < 500 || responseCode > 599) return null;
  return typeof response === 'string' && response ? response : String(responseCode);
}

/** DESIGN §6.9: SMTP when SMTP_URL is set, else one .eml file per mail in the outbox directory and a log line. */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly smtp?: Transporter;
  private readonly outbox = createTransport({ streamTransport: true, buffer: true });

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    // Pooled: review requests send hundreds of mails a second, and a connection (and TLS) per mail would limit them.
    // The URL's own options (`?pool=false`, `?maxConnections=2`) win over these.
    if (config.mail.smtpUrl) {
      this.smtp = createTransport({ url: config.mail.smtpUrl, pool: true, maxConnections: SMTP_CONNECTIONS });
    }
  }

  async send(message: OutgoingMail): Promise<void> {
    const { from } = this.config.mail;
    const mail = {
      from: message.fromName ? { name: message.fromName, address: addressOf(from) } : from,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
      headers: message.headers,
      messageId: message.messageId,
    };
    if (this.smtp) {
      await this.smtp.sendMail(mail);
      return;
    }
    const { message: eml } = await this.outbox.sendMail(mail);
    const dir = this.config.mail.outboxDir;
    await mkdir(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/:/g, '-');
    const file = join(dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await writeFile(file, eml);
    const link = message.link ? ` Link: ${message.link}` : '';
    this.logger.log(`No SMTP_URL: mail to ${message.to} ("${message.subject}") saved as ${file}.${link}`);
  }

  onModuleDestroy(): void {
    this.smtp?.close();
  }
}
