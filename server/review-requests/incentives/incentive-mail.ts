import type { TLanguage } from '../../../shared/constants.js';
import { escapeHtml, mailButton, mailDocument, MAIL_PALETTE, type MailContent } from '../../mail/mail.templates.js';

export interface IncentiveMailParams {
  storeName: string;
  firstName: string;
  code: string;
  /** "10% off" or "$5.00 off", in the mail's language. */
  value: string;
  /** The last day the code works, in the mail's language. */
  expiresOn: string;
  /** The store's address, when known. */
  storeUrl: string | null;
}

const COPY: Record<TLanguage, (p: IncentiveMailParams) => { subject: string; lines: string[]; shop: string }> = {
  en: (p) => ({
    subject: `Thank you for your review — here is ${p.value} at ${p.storeName}`,
    lines: [
      p.firstName ? `Hi ${p.firstName},` : 'Hi,',
      `Thank you for reviewing your order from ${p.storeName}. As promised, here is your discount code: ${p.value} your next order.`,
      `It works once, until ${p.expiresOn}.`,
    ],
    shop: `Shop at ${p.storeName}`,
  }),
  es: (p) => ({
    subject: `Gracias por tu reseña: aquí tienes ${p.value} en ${p.storeName}`,
    lines: [
      p.firstName ? `Hola, ${p.firstName}:` : 'Hola:',
      `Gracias por reseñar tu pedido de ${p.storeName}. Como te prometimos, este es tu código de descuento: ${p.value} en tu próxima compra.`,
      `Sirve una vez, hasta el ${p.expiresOn}.`,
    ],
    shop: `Comprar en ${p.storeName}`,
  }),
  pt: (p) => ({
    subject: `Obrigado pela sua avaliação: aqui estão ${p.value} na ${p.storeName}`,
    lines: [
      p.firstName ? `Olá, ${p.firstName}!` : 'Olá!',
      `Obrigado por avaliar seu pedido da ${p.storeName}. Como prometido, aqui está seu cupom de desconto: ${p.value} na sua próxima compra.`,
      `Ele vale uma vez, até ${p.expiresOn}.`,
    ],
    shop: `Comprar na ${p.storeName}`,
  }),
};

const { light } = MAIL_PALETTE;

/** The reward for a review: the code, what it is worth and until when, and a way back to the store. No tracking. */
export function incentiveMail(lang: TLanguage, params: IncentiveMailParams): MailContent {
  const copy = COPY[lang](params);
  const [greeting, intro, validity] = copy.lines;
  const text =
    [
      greeting,
      intro,
      params.code,
      validity,
      params.storeUrl ? `${copy.shop}: ${params.storeUrl}` : '',
      `— ${params.storeName}`,
    ]
      .filter(Boolean)
      .join('\n\n') + '\n';
  const shop = params.storeUrl ? mailButton(params.storeUrl, copy.shop) : '';
  const html = mailDocument(
    lang,
    copy.subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;letter-spacing:2px;font-family:'Courier New',monospace">${escapeHtml(params.code)}</p>
<p class="mail-muted" style="margin:0 0 24px;color:${light.muted}">${escapeHtml(validity)}</p>
${shop}
<p class="mail-muted" style="margin:0;color:${light.muted}">— ${escapeHtml(params.storeName)}</p>`,
  );
  return { subject: copy.subject, text, html };
}
