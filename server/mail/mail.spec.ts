import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import { LANGUAGES } from '../../shared/constants.js';
import { linkIn, parseMessage, startSmtpServer, type SmtpTestServer } from '../../test/support/smtp.js';
import { loadConfig } from '../config/config.js';
import { MailService } from './mail.service.js';
import {
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  existingAccountMail,
  invitationMail,
  passwordResetMail,
  signupConfirmMail,
} from './mail.templates.js';

const LINK = 'https://reviews.example.com/reset-password?code=a1b2&next=%2F';

describe('mail templates', () => {
  it.each(LANGUAGES)('password reset (%s) carries the link on its own line and the 1 hour expiry', (lang) => {
    const mail = passwordResetMail(lang, { link: LINK, firstName: 'Ana' });
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.text).toMatch(/\b1 (hour|hora)\b/);
    expect(mail.text).toContain('Ana');
    expect(mail.html).toContain(`href="${LINK.replace(/&/g, '&amp;')}"`);
    expect(mail.html).toContain(`<html lang="${lang}">`);
  });

  it.each(LANGUAGES)('invitation (%s) names inviter and workspace and expires in 7 days', (lang) => {
    const mail = invitationMail(lang, { link: LINK, inviterName: 'Bruno', workspaceName: 'Loja Azul' });
    expect(mail.subject).toContain('Bruno');
    expect(mail.subject).toContain('Loja Azul');
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.text).toMatch(/\b7 (days|días|dias)\b/);
  });

  it.each(LANGUAGES)('the account mails of issue 16 (%s) carry their link on its own line and their facts', (lang) => {
    const signup = signupConfirmMail(lang, { link: LINK, firstName: 'Ana', ttlHours: 48 });
    expect(signup.text.split('\n')).toContain(LINK);
    expect(signup.text).toContain('48');
    expect(existingAccountMail(lang, { link: LINK, firstName: '' }).text.split('\n')).toContain(LINK);
    const confirm = emailChangeConfirmMail(lang, { link: LINK, firstName: 'Ana', ttlHours: 24 });
    expect(confirm.text).toContain('24');
    expect(confirm.html).toContain(`<html lang="${lang}">`);
    const notice = emailChangeNoticeMail(lang, { link: LINK, firstName: 'Ana', newEmail: 'new@example.com' });
    expect(notice.subject).not.toContain('new@example.com');
    expect(notice.text).toContain('new@example.com');
    expect(notice.text.split('\n')).toContain(LINK);
  });

  it('speaks Spanish and Portuguese', () => {
    expect(passwordResetMail('es', { link: LINK, firstName: 'Ana' }).subject).toBe(
      'Restablece tu contraseña de Video Reviews',
    );
    expect(invitationMail('pt', { link: LINK, inviterName: 'Bruno', workspaceName: 'Loja' }).text).toContain(
      'Aceite o convite',
    );
  });

  it('escapes interpolated values in the HTML part only', () => {
    const mail = invitationMail('en', {
      link: 'https://x.test/invite?a=1&b="2"',
      inviterName: '<script>alert(1)</script>',
      workspaceName: 'Tom & "Jerry\'s"',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&#39;s&quot;');
    expect(mail.html).toContain('href="https://x.test/invite?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('<script>alert(1)</script> invited you');
  });

  it('greets without a name when the user has none', () => {
    expect(passwordResetMail('en', { link: LINK, firstName: ' ' }).text.startsWith('Hi,\n')).toBe(true);
  });
});

describe('MailService', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'vr-mail-'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  describe('with SMTP_URL', () => {
    let smtp: SmtpTestServer;
    let mail: MailService;
    beforeEach(async () => {
      smtp = await startSmtpServer();
      mail = new MailService(loadConfig({ DATA_DIR: dataDir, SMTP_URL: smtp.url, MAIL_FROM: 'Reviews <r@x.test>' }));
    });
    afterEach(async () => {
      mail.onModuleDestroy();
      await smtp.close();
    });

    it('delivers through the SMTP server, decodable text, HTML and non-ASCII subject', async () => {
      const content = passwordResetMail('es', { link: LINK, firstName: 'Begoña' });
      await mail.send({ to: 'ana@example.com', ...content, link: LINK });
      const received = await smtp.waitForMail((m) => m.to.includes('ana@example.com'));
      expect(received.from).toBe('r@x.test');
      expect(received.subject).toBe('Restablece tu contraseña de Video Reviews');
      expect(received.text).toBe(content.text);
      expect(received.html).toBe(content.html);
      expect(linkIn(received, '/reset-password')).toBe(LINK);
      expect(linkIn(received, '/invite')).toBeUndefined();
      expect(smtp.mails).toHaveLength(1);
    });

    it('keeps a long Portuguese subject intact across encoded words', async () => {
      const content = invitationMail('pt', {
        link: 'https://reviews.example.com/invite/abc',
        inviterName: 'João Conceição',
        workspaceName: 'Açaí & Cia — Loja de São Paulo',
      });
      await mail.send({ to: 'joao@example.com', ...content });
      const received = await smtp.waitForMail((m) => m.to.includes('joao@example.com'));
      expect(received.subject).toBe(
        'João Conceição convidou você para Açaí & Cia — Loja de São Paulo no Video Reviews',
      );
      expect(linkIn(received, '/invite/')).toBe('https://reviews.example.com/invite/abc');
    });

    it('decodes base64 bodies and B-encoded subjects (mostly non-ASCII text)', async () => {
      const text = `ñçãõéíóú€ ${'日本語のテキスト'.repeat(20)}\n${LINK}\n`;
      await mail.send({ to: 'b64@example.com', subject: 'ñçãõéíóú€ 日本語', text, html: `<p>${text}</p>` });
      const received = await smtp.waitForMail((m) => m.to.includes('b64@example.com'));
      expect(received.raw).toMatch(/Content-Transfer-Encoding: base64/i);
      expect(received.raw).toMatch(/^Subject: =\?UTF-8\?B\?/im);
      expect(received.subject).toBe('ñçãõéíóú€ 日本語');
      expect(received.text).toBe(text);
      expect(linkIn(received, '/reset-password')).toBe(LINK);
    });
  });

  it('without SMTP_URL writes an .eml to the outbox and logs the link', async () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    const log = import.meta.jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    try {
      const mail = new MailService(config);
      await mail.send({
        to: 'ana@example.com',
        ...passwordResetMail('pt', { link: LINK, firstName: 'Ana' }),
        link: LINK,
      });
      const files = readdirSync(config.mail.outboxDir);
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z-[0-9a-f]+\.eml$/);
      const eml = parseMessage(readFileSync(join(config.mail.outboxDir, files[0])));
      expect(eml.raw).toMatch(/^To: ana@example\.com\r?$/m);
      expect(eml.subject).toBe('Redefina sua senha do Video Reviews');
      expect(eml.text).toContain('Olá, Ana!');
      expect(eml.text.split('\n')).toContain(LINK);
      expect(eml.html).toContain('Redefinir senha');
      const line = String(log.mock.calls[0][0]);
      expect(line).toContain('ana@example.com');
      expect(line).toContain('Redefina sua senha do Video Reviews');
      expect(line).toContain(LINK);
      mail.onModuleDestroy();
    } finally {
      log.mockRestore();
    }
  });
});
