import type { TLanguage } from '../../shared/constants.js';
import { MAIL_PALETTE, escapeHtml, mailButton, mailDocument, type MailContent } from '../mail/mail.templates.js';

/** A review as a notification shows it. */
export interface MailReview {
  rating: number;
  customerName: string;
  productName: string;
  comment: string;
  hasVideo: boolean;
  hasPhoto: boolean;
}

interface Links {
  /** The dashboard's Reviews page. */
  reviewsUrl: string;
  /** Account settings, where the member changes what they get. */
  settingsUrl: string;
  unsubscribeUrl: string;
}

export interface ReviewMailInput extends Links {
  storeName: string;
  firstName: string;
  review: MailReview;
}

export interface DigestMailInput extends Links {
  storeName: string;
  firstName: string;
  /** The newest first, at most DIGEST_SHOWN of them. */
  reviews: MailReview[];
  total: number;
}

/** Reviews a digest lists; the rest are counted, and the button opens them all. */
export const DIGEST_SHOWN = 20;
const COMMENT_CHARS = 300;

interface Words {
  greeting: [string, string];
  reviewSubject: (stars: number, product: string, store: string) => string;
  reviewIntro: (store: string) => string;
  digestSubject: (count: number, store: string) => string;
  digestIntro: (count: number, store: string) => string;
  more: (count: number) => string;
  anonymous: string;
  video: string;
  photo: string;
  open: string;
  why: (store: string) => string;
  settings: string;
  unsubscribe: string;
}

const WORDS: Record<TLanguage, Words> = {
  en: {
    greeting: ['Hi {name},', 'Hi,'],
    reviewSubject: (stars, product, store) => `New ${stars}★ review of ${product} · ${store}`,
    reviewIntro: (store) => `${store} has a new review, waiting for you in the dashboard:`,
    digestSubject: (count, store) => `${count} new ${count === 1 ? 'review' : 'reviews'} for ${store}`,
    digestIntro: (count, store) =>
      `${store} received ${count} new ${count === 1 ? 'review' : 'reviews'} since your last digest:`,
    more: (count) => `…and ${count} more.`,
    anonymous: 'A customer',
    video: 'video',
    photo: 'photo',
    open: 'Open reviews',
    why: (store) => `You get this email because of your notification settings for ${store}.`,
    settings: 'Change them',
    unsubscribe: 'Unsubscribe',
  },
  es: {
    greeting: ['Hola, {name}:', 'Hola:'],
    reviewSubject: (stars, product, store) => `Nueva reseña de ${stars}★ de ${product} · ${store}`,
    reviewIntro: (store) => `${store} tiene una reseña nueva, que te espera en el panel:`,
    digestSubject: (count, store) => `${count} ${count === 1 ? 'reseña nueva' : 'reseñas nuevas'} en ${store}`,
    digestIntro: (count, store) =>
      `${store} recibió ${count} ${count === 1 ? 'reseña nueva' : 'reseñas nuevas'} desde tu último resumen:`,
    more: (count) => `…y ${count} más.`,
    anonymous: 'Un cliente',
    video: 'video',
    photo: 'foto',
    open: 'Abrir reseñas',
    why: (store) => `Recibes este correo por tu configuración de notificaciones de ${store}.`,
    settings: 'Cambiarla',
    unsubscribe: 'Darse de baja',
  },
  pt: {
    greeting: ['Olá, {name}!', 'Olá!'],
    reviewSubject: (stars, product, store) => `Nova avaliação de ${stars}★ de ${product} · ${store}`,
    reviewIntro: (store) => `${store} tem uma nova avaliação, esperando por você no painel:`,
    digestSubject: (count, store) => `${count} ${count === 1 ? 'nova avaliação' : 'novas avaliações'} em ${store}`,
    digestIntro: (count, store) =>
      `${store} recebeu ${count} ${count === 1 ? 'nova avaliação' : 'novas avaliações'} desde o seu último resumo:`,
    more: (count) => `…e mais ${count}.`,
    anonymous: 'Um cliente',
    video: 'vídeo',
    photo: 'foto',
    open: 'Abrir avaliações',
    why: (store) => `Você recebe este e-mail pelas suas configurações de notificação de ${store}.`,
    settings: 'Alterá-las',
    unsubscribe: 'Cancelar inscrição',
  },
};

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

function clip(text: string): string {
  const flat = text.trim();
  return flat.length > COMMENT_CHARS ? `${flat.slice(0, COMMENT_CHARS - 1)}…` : flat;
}

function greetingOf(words: Words, firstName: string): string {
  const name = firstName.trim();
  return name ? words.greeting[0].replace('{name}', name) : words.greeting[1];
}

function byline(words: Words, review: MailReview): string {
  const media = [review.hasVideo && words.video, review.hasPhoto && words.photo].filter(Boolean).join(', ');
  return `${review.customerName.trim() || words.anonymous} · ${review.productName}${media ? ` · ${media}` : ''}`;
}

function reviewText(words: Words, review: MailReview): string {
  const comment = clip(review.comment);
  return [`${stars(review.rating)} ${byline(words, review)}`, comment].filter(Boolean).join('\n');
}

function reviewHtml(words: Words, review: MailReview): string {
  const { light } = MAIL_PALETTE;
  const comment = clip(review.comment);
  return `<div style="margin:0 0 16px;padding:12px 16px;border-left:4px solid ${light.button}">
<p style="margin:0 0 4px"><span role="img" aria-label="${review.rating}/5" style="color:${light.accent};letter-spacing:2px">${stars(review.rating)}</span></p>
<p class="mail-muted" style="margin:0 0 8px;font-size:13px;color:${light.muted}">${escapeHtml(byline(words, review))}</p>
${comment ? `<p style="margin:0;white-space:pre-wrap">${escapeHtml(comment)}</p>` : ''}
</div>`;
}

function footerText(words: Words, storeName: string, links: Links): string {
  return `${words.why(storeName)}\n${words.settings}: ${links.settingsUrl}\n${words.unsubscribe}: ${links.unsubscribeUrl}`;
}

function footerHtml(words: Words, storeName: string, links: Links): string {
  const { light } = MAIL_PALETTE;
  const link = (href: string, label: string) =>
    `<a class="mail-link" href="${escapeHtml(href)}" style="color:${light.link}">${escapeHtml(label)}</a>`;
  return `<p class="mail-muted" style="margin:24px 0 0;font-size:13px;color:${light.muted}">${escapeHtml(words.why(storeName))} ${link(links.settingsUrl, words.settings)} · ${link(links.unsubscribeUrl, words.unsubscribe)}</p>`;
}

/** One new review, mailed at once: its stars, who, what, and the way to the dashboard. */
export function newReviewMail(lang: TLanguage, input: ReviewMailInput): MailContent {
  const words = WORDS[lang];
  const subject = words.reviewSubject(input.review.rating, input.review.productName, input.storeName);
  const greeting = greetingOf(words, input.firstName);
  const intro = words.reviewIntro(input.storeName);
  const text =
    [greeting, intro, reviewText(words, input.review), `${words.open}: ${input.reviewsUrl}`].join('\n\n') +
    `\n\n${footerText(words, input.storeName, input)}\n`;
  const html = mailDocument(
    lang,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${reviewHtml(words, input.review)}
${mailButton(input.reviewsUrl, words.open)}
${footerHtml(words, input.storeName, input)}`,
  );
  return { subject, text, html };
}

/** The day's digest: the reviews since the last one, newest first. */
export function digestMail(lang: TLanguage, input: DigestMailInput): MailContent {
  const words = WORDS[lang];
  const subject = words.digestSubject(input.total, input.storeName);
  const greeting = greetingOf(words, input.firstName);
  const intro = words.digestIntro(input.total, input.storeName);
  const more = input.total > input.reviews.length ? words.more(input.total - input.reviews.length) : '';
  const text =
    [
      greeting,
      intro,
      ...input.reviews.map((review) => reviewText(words, review)),
      ...(more ? [more] : []),
      `${words.open}: ${input.reviewsUrl}`,
    ].join('\n\n') + `\n\n${footerText(words, input.storeName, input)}\n`;
  const html = mailDocument(
    lang,
    subject,
    `<p style="margin:0 0 16px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 16px">${escapeHtml(intro)}</p>
${input.reviews.map((review) => reviewHtml(words, review)).join('\n')}
${more ? `<p style="margin:0 0 16px">${escapeHtml(more)}</p>` : ''}
${mailButton(input.reviewsUrl, words.open)}
${footerHtml(words, input.storeName, input)}`,
  );
  return { subject, text, html };
}
