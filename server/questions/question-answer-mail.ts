import type { TLanguage } from '../../shared/constants.js';
import { MAIL_PALETTE, escapeHtml, mailButton, mailDocument, type MailContent } from '../mail/mail.templates.js';

/** What the mail of a store's answer to a shopper's question is made of. */
export interface AnswerMailInput {
  storeName: string;
  askerName: string;
  productName: string;
  question: string;
  answer: string;
  /** The product's page, when the store knows it. */
  productUrl: string | null;
}

const WORDS: Record<
  TLanguage,
  {
    subject: (store: string) => string;
    greeting: [string, string];
    intro: (product: string) => string;
    answer: string;
    view: string;
  }
> = {
  en: {
    subject: (store) => `${store} answered your question`,
    greeting: ['Hi {name},', 'Hi,'],
    intro: (product) => `You asked about ${product}:`,
    answer: 'Our answer:',
    view: 'View the product',
  },
  es: {
    subject: (store) => `${store} respondió a tu pregunta`,
    greeting: ['Hola, {name}:', 'Hola:'],
    intro: (product) => `Preguntaste sobre ${product}:`,
    answer: 'Nuestra respuesta:',
    view: 'Ver el producto',
  },
  pt: {
    subject: (store) => `${store} respondeu à sua pergunta`,
    greeting: ['Olá, {name}!', 'Olá!'],
    intro: (product) => `Você perguntou sobre ${product}:`,
    answer: 'A nossa resposta:',
    view: 'Ver o produto',
  },
};

/** The question and the answer, quoted, signed with the store's name; in the store's language. */
export function answerMail(lang: TLanguage, input: AnswerMailInput): MailContent {
  const words = WORDS[lang];
  const first = input.askerName.trim().split(/\s+/)[0] ?? '';
  const greeting = first ? words.greeting[0].replace('{name}', first) : words.greeting[1];
  const subject = words.subject(input.storeName);
  const intro = words.intro(input.productName);
  const text =
    [
      greeting,
      intro,
      input.question,
      words.answer,
      input.answer,
      ...(input.productUrl ? [`${words.view}: ${input.productUrl}`] : []),
      `— ${input.storeName}`,
    ].join('\n\n') + '\n';
  const { light } = MAIL_PALETTE;
  const quote = (body: string, color: string) =>
    `<blockquote style="margin:0 0 24px;padding:12px 16px;border-left:4px solid ${color};white-space:pre-wrap">${escapeHtml(body)}</blockquote>`;
  const html = mailDocument(
    lang,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${quote(input.question, light.muted)}
<p style="margin:0 0 16px">${escapeHtml(words.answer)}</p>
${quote(input.answer, light.button)}
${input.productUrl ? mailButton(input.productUrl, words.view) : ''}
<p class="mail-muted" style="margin:0;color:${light.muted}">— ${escapeHtml(input.storeName)}</p>`,
  );
  return { subject, text, html };
}
