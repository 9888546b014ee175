import type { TLanguage } from '../../shared/constants.js';
import { MAIL_PALETTE, escapeHtml, mailDocument, type MailContent } from '../mail/mail.templates.js';

/** What the mail of a store's reply to a review is made of. */
export interface ReplyMailInput {
  storeName: string;
  customerName: string;
  productName: string;
  reply: string;
}

const WORDS: Record<
  TLanguage,
  { subject: (store: string) => string; greeting: [string, string]; intro: (product: string) => string }
> = {
  en: {
    subject: (store) => `${store} replied to your review`,
    greeting: ['Hi {name},', 'Hi,'],
    intro: (product) => `Thank you for your review of ${product}. Here is our reply:`,
  },
  es: {
    subject: (store) => `${store} respondió a tu reseña`,
    greeting: ['Hola, {name}:', 'Hola:'],
    intro: (product) => `Gracias por tu reseña de ${product}. Esta es nuestra respuesta:`,
  },
  pt: {
    subject: (store) => `${store} respondeu à sua avaliação`,
    greeting: ['Olá, {name}!', 'Olá!'],
    intro: (product) => `Obrigado pela sua avaliação de ${product}. Esta é a nossa resposta:`,
  },
};

/** The reply, quoted, signed with the store's name; in the store's language. */
export function replyMail(lang: TLanguage, input: ReplyMailInput): MailContent {
  const words = WORDS[lang];
  const first = input.customerName.trim().split(/\s+/)[0] ?? '';
  const greeting = first ? words.greeting[0].replace('{name}', first) : words.greeting[1];
  const subject = words.subject(input.storeName);
  const intro = words.intro(input.productName);
  const text = [greeting, intro, input.reply, `— ${input.storeName}`].join('\n\n') + '\n';
  const { light } = MAIL_PALETTE;
  const html = mailDocument(
    lang,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${light.button};white-space:pre-wrap">${escapeHtml(input.reply)}</blockquote>
<p class="mail-muted" style="margin:0;color:${light.muted}">— ${escapeHtml(input.storeName)}</p>`,
  );
  return { subject, text, html };
}
