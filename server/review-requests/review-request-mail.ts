import type { TRequestLocale, TRequestTemplate } from '../../shared/review-requests.js';
import { MAIL_PALETTE, escapeHtml, mailButton, mailDocument, type MailContent } from '../mail/mail.templates.js';

/** What a review request's mail is made of. */
export interface RequestMailInput {
  locale: TRequestLocale;
  storeName: string;
  customerName: string;
  products: Array<{ id: string; name: string; imageUrl: string | null }>;
  /** The merchant's text for this language, or the built-in one. */
  template?: TRequestTemplate;
  /** The hosted review page (`/r/{token}`) and the unsubscribe page (`/u/{token}`). */
  reviewUrl: string;
  unsubscribeUrl: string;
}

/** Built-in texts: short, warm, one ask (what Judge.me's and Loox's defaults do). */
export const DEFAULT_TEMPLATES: Record<TRequestLocale, TRequestTemplate> = {
  en: {
    subject: 'How do you like your order from {store_name}?',
    heading: '{customer_first_name}, how was your order?',
    body: 'Thank you for shopping at {store_name}! We would love to hear what you think of {product_name}. It takes a minute: tap a star to rate it, and add a short video or photo if you like. Your review helps other shoppers choose.',
  },
  es: {
    subject: '¿Qué te pareció tu pedido de {store_name}?',
    heading: '{customer_first_name}, ¿qué tal tu pedido?',
    body: '¡Gracias por comprar en {store_name}! Nos encantaría saber qué opinas de {product_name}. Solo te llevará un minuto: toca una estrella para valorarlo y, si quieres, añade un video corto o una foto. Tu reseña ayuda a otros compradores a elegir.',
  },
  pt: {
    subject: 'O que você achou do seu pedido na {store_name}?',
    heading: '{customer_first_name}, como foi o seu pedido?',
    body: 'Obrigado por comprar na {store_name}! Adoraríamos saber o que você achou de {product_name}. Leva só um minuto: toque em uma estrela para avaliar e, se quiser, grave um vídeo curto ou envie uma foto. Sua avaliação ajuda outros clientes a escolher.',
  },
};

const WORDS: Record<
  TRequestLocale,
  { and: string; rate: string; write: string; why: (store: string) => string; unsubscribe: string; star: string }
> = {
  en: {
    and: 'and',
    rate: 'Rate it:',
    write: 'Write a review',
    why: (store) => `You are receiving this email because you ordered from ${store}.`,
    unsubscribe: 'Unsubscribe from review requests',
    star: 'stars',
  },
  es: {
    and: 'y',
    rate: 'Valóralo:',
    write: 'Escribir una reseña',
    why: (store) => `Recibes este correo porque hiciste un pedido en ${store}.`,
    unsubscribe: 'Dejar de recibir solicitudes de reseñas',
    star: 'estrellas',
  },
  pt: {
    and: 'e',
    rate: 'Avalie:',
    write: 'Escrever uma avaliação',
    why: (store) => `Você está recebendo este e-mail porque fez um pedido na ${store}.`,
    unsubscribe: 'Não receber mais pedidos de avaliação',
    star: 'estrelas',
  },
};

function listOf(names: string[], and: string): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} ${and} ${names.at(-1)}`;
}

/** Fills the placeholders; an empty first name leaves no stray comma and the sentence still starts upper-case. */
export function fillTemplate(text: string, values: Record<string, string>): string {
  const filled = text.replace(/\{(customer_first_name|store_name|product_name)\}/g, (_, key: string) => values[key]);
  const tidy = filled
    .replace(/^[\s,]+/, '')
    .replace(/\s+([,.!?])/g, '$1')
    .replace(/\s{2,}/g, ' ')
    .trim();
  return tidy.replace(/^([¿¡]?)(\p{Ll})/u, (_, mark: string, letter: string) => mark + letter.toUpperCase());
}

/** `/r/{token}?rating=N`, naming the product when the mail asks about more than one. */
export function starUrl(reviewUrl: string, rating: number, productId: string | null): string {
  const url = new URL(reviewUrl);
  url.searchParams.set('rating', String(rating));
  if (productId) url.searchParams.set('product', productId);
  return url.href;
}

/**
 * The mail asking for a review: text and HTML in the dashboard mails' style, each product with its image and five
 * stars that open the review page with that rating chosen, a button to the page, and an unsubscribe link. No
 * tracking pixel: the only images are the products'.
 */
export function requestMail(input: RequestMailInput): MailContent {
  const words = WORDS[input.locale];
  const template = input.template ?? DEFAULT_TEMPLATES[input.locale];
  const values = {
    customer_first_name: input.customerName.trim().split(/\s+/)[0] ?? '',
    store_name: input.storeName,
    product_name: listOf(
      input.products.map((product) => product.name),
      words.and,
    ),
  };
  const subject = fillTemplate(template.subject, values);
  const heading = fillTemplate(template.heading, values);
  const body = fillTemplate(template.body, values);
  const several = input.products.length > 1;
  const stars = (productId: string) =>
    [1, 2, 3, 4, 5].map((rating) => ({ rating, url: starUrl(input.reviewUrl, rating, several ? productId : null) }));

  const text = [
    heading,
    body,
    ...input.products.map((product) =>
      [
        product.name,
        `${words.rate} ${stars(product.id)
          .map((star) => `${star.rating}★ ${star.url}`)
          .join('  ')}`,
      ].join('\n'),
    ),
    `${words.write}: ${input.reviewUrl}`,
    `— ${input.storeName}`,
    `${words.why(input.storeName)} ${words.unsubscribe}: ${input.unsubscribeUrl}`,
  ].join('\n\n');

  const { light } = MAIL_PALETTE;
  const productRows = input.products
    .map((product) => {
      const image = product.imageUrl
        ? `<img src="${escapeHtml(product.imageUrl)}" alt="${escapeHtml(product.name)}" width="96" height="96" style="display:block;width:96px;height:96px;object-fit:cover;border-radius:8px;margin:0 0 8px">`
        : '';
      const starLinks = stars(product.id)
        .map(
          (star) =>
            `<a class="mail-link" href="${escapeHtml(star.url)}" title="${star.rating} ${words.star}" aria-label="${star.rating} ${words.star}" style="color:${light.accent};text-decoration:none;font-size:32px;line-height:40px;padding:0 2px">&#9733;</a>`,
        )
        .join('');
      return `<tr><td style="padding:12px 0;border-top:1px solid ${light.page}">${image}<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(product.name)}</p><p style="margin:0">${starLinks}</p></td></tr>`;
    })
    .join('\n');
  const html = mailDocument(
    input.locale,
    subject,
    `<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
<p style="margin:0 0 16px">${escapeHtml(body)}</p>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:0 0 24px">
${productRows}
</table>
${mailButton(input.reviewUrl, words.write)}
<p class="mail-muted" style="margin:0 0 8px;color:${light.muted}">— ${escapeHtml(input.storeName)}</p>
<p class="mail-muted" style="margin:0;font-size:12px;color:${light.muted}">${escapeHtml(words.why(input.storeName))} <a class="mail-link" href="${escapeHtml(input.unsubscribeUrl)}" style="color:${light.link}">${escapeHtml(words.unsubscribe)}</a></p>`,
  );
  return { subject, text: `${text}\n`, html };
}
