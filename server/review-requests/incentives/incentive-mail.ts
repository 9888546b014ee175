import type { TLanguage } from '../../../shared/constants.js';
import { DARK_STYLES, escapeHtml, MAIL_PALETTE, type MailContent } from '../../mail/mail.templates.js';

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
  const shop = params.storeUrl
    ? `<p style="margin:0 0 24px"><a class="mail-button" href="${escapeHtml(params.storeUrl)}" style="display:inline-block;padding:12px 20px;background:${light.button};color:${light.onButton};text-decoration:none;border-radius:12px;font-weight:bold">${escapeHtml(copy.shop)}</a></p>`
    : '';
  const html = `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(copy.subject)}</title>
<style>${DARK_STYLES}</style>
</head>
<body class="mail-page" style="margin:0;padding:24px;background:${light.page};font-family:Arial,Helvetica,sans-serif;color:${light.text}">
<div class="mail-card" style="max-width:560px;margin:0 auto;padding:32px;background:${light.card};color:${light.text};border-top:4px solid ${light.accent};border-radius:12px">
<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 24px">${escapeHtml(intro)}</p>
<p style="margin:0 0 24px;font-size:24px;font-weight:bold;letter-spacing:2px;font-family:'Courier New',monospace">${escapeHtml(params.code)}</p>
<p class="mail-muted" style="margin:0 0 24px;color:${light.muted}">${escapeHtml(validity)}</p>
${shop}
<p class="mail-muted" style="margin:0;color:${light.muted}">— ${escapeHtml(params.storeName)}</p>
</div>
</body>
</html>
`;
  return { subject: copy.subject, text, html };
}
