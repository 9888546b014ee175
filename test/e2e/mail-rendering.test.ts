/// <reference lib="dom" />
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import {
  MAIL_PALETTE,
  customerDataRequestMail,
  emailChangeConfirmMail,
  emailChangeNoticeMail,
  existingAccountMail,
  invitationMail,
  passwordResetMail,
  signupConfirmMail,
  type MailContent,
} from '../../server/mail/mail.templates.js';
import { replyMail } from '../../server/review-replies/review-reply-mail.js';
import { digestMail, newReviewMail } from '../../server/notifications/notification-mail.js';
import { answerMail } from '../../server/questions/question-answer-mail.js';
import { launchBrowser } from '../support/browser.js';

// The HTML part of every mail as a mail app shows it, in light and in dark mode: legible (axe's colour contrast
// and the rest of WCAG 2.1 AA), in the dashboard's palette.

const LINK = 'https://reviews.example.com/register/confirm?token=a1b2c3d4e5f6&next=%2Fsettings%2Fteam';

const TEAM_LINKS = {
  reviewsUrl: 'https://reviews.example.com/reviews',
  settingsUrl: 'https://reviews.example.com/settings/account',
  unsubscribeUrl: 'https://reviews.example.com/n/0d987365-82a5-4d43-907b-4c207449e928.signature',
};
const REVIEW = {
  rating: 4,
  customerName: 'Lucía',
  productName: 'Stoneware Mug',
  comment: 'Keeps the coffee hot <b>for ages</b>',
  hasVideo: true,
  hasPhoto: false,
};

const MAILS: ReadonlyArray<[name: string, mail: MailContent]> = [
  ['password reset', passwordResetMail('en', { link: LINK, firstName: 'Ana' })],
  ['invitation', invitationMail('es', { link: LINK, inviterName: 'Ana Souza', workspaceName: 'Canvas Goods' })],
  [
    'customer data request',
    customerDataRequestMail('pt', {
      link: LINK,
      storeName: 'Loja Sol',
      customer: 'joao@example.com',
      platform: 'Shopify',
    }),
  ],
  ['sign-up confirmation', signupConfirmMail('en', { link: LINK, firstName: 'Rosa', ttlHours: 24 })],
  ['existing account', existingAccountMail('es', { link: LINK, firstName: '' })],
  ['email change confirmation', emailChangeConfirmMail('pt', { link: LINK, firstName: 'Lia', ttlHours: 24 })],
  ['email change notice', emailChangeNoticeMail('en', { link: LINK, firstName: 'Lia', newEmail: 'new@example.com' })],
  [
    'reply to a review',
    replyMail('es', {
      storeName: 'Tienda Sol',
      customerName: 'Lucía Pérez',
      productName: 'Taza de gres',
      reply: '¡Gracias, Lucía!\nNos alegra que te guste.',
    }),
  ],
  [
    'new review notification',
    newReviewMail('pt', { ...TEAM_LINKS, storeName: 'Loja Sol', firstName: 'Lia', review: REVIEW }),
  ],
  [
    'review digest',
    digestMail('es', {
      ...TEAM_LINKS,
      storeName: 'Canvas Goods',
      firstName: '',
      reviews: [REVIEW, { ...REVIEW, rating: 1, comment: '', hasVideo: false, hasPhoto: false }],
      total: 3,
    }),
  ],
  [
    'answer to a question',
    answerMail('es', {
      storeName: 'Casa Ana',
      askerName: 'Rosa Lima',
      productName: 'Taza azul',
      question: '¿Se puede lavar en el lavavajillas?',
      answer: 'Sí, hasta 60 °C.',
      productUrl: 'https://shop.example/products/taza',
    }),
  ],
];

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  page = await browser.newPage({ viewport: { width: 600, height: 800 } });
});
afterAll(async () => {
  await browser?.close();
});

/** The computed background of the page and the card, and the button's colours (a mail without a button: none). */
const rendered = () =>
  page.evaluate(() => {
    const style = (selector: string) => getComputedStyle(document.querySelector(selector)!);
    const button = document.querySelector('.mail-button') && style('.mail-button');
    return {
      page: style('body').backgroundColor,
      card: style('.mail-card').backgroundColor,
      text: style('.mail-card').color,
      ...(button && { button: button.backgroundColor, onButton: button.color }),
    };
  });

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

describe.each(MAILS)('the %s mail', (_name, mail) => {
  it('is in the brand palette, never the old blue, and says it supports both schemes', () => {
    expect(mail.html).toContain(MAIL_PALETTE.light.button);
    expect(mail.html).not.toMatch(/#2563eb/i);
    expect(mail.html).toContain('<meta name="color-scheme" content="light dark">');
  });

  it.each(['light', 'dark'] as const)('reads well in %s mode', async (scheme) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setContent(mail.html);
    const colours = MAIL_PALETTE[scheme];
    expect(await rendered()).toEqual({
      page: rgb(colours.page),
      card: rgb(colours.card),
      text: rgb(colours.text),
      ...(mail.html.includes('class="mail-button"') && {
        button: rgb(colours.button),
        onButton: rgb(colours.onButton),
      }),
    });
    const { violations } = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .setLegacyMode(true)
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
});
