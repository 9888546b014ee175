import { LANGUAGES } from '../../shared/constants.js';
import { answerMail } from './question-answer-mail.js';

const INPUT = {
  storeName: 'Casa <Ana>',
  askerName: 'Rosa Lima',
  productName: 'Blue Mug',
  question: 'Is it <dishwasher> safe?',
  answer: 'Yes & it stays glossy.',
  productUrl: 'https://shop.example/products/mug?a=1&b=2',
};

describe('answer mail', () => {
  it.each(LANGUAGES)('(%s) greets the asker, quotes the question and the answer, links the product', (lang) => {
    const mail = answerMail(lang, INPUT);
    expect(mail.subject).toContain('Casa <Ana>');
    expect(mail.text).toContain('Rosa');
    expect(mail.text).not.toContain('Lima');
    for (const part of ['Blue Mug', INPUT.question, INPUT.answer, INPUT.productUrl]) expect(mail.text).toContain(part);
    expect(mail.text.trimEnd().endsWith('— Casa <Ana>')).toBe(true);
    expect(mail.html).toContain(`<html lang="${lang}">`);
    // What the shopper and the merchant wrote is text, never markup.
    expect(mail.html).toContain('Is it &lt;dishwasher&gt; safe?');
    expect(mail.html).toContain('Yes &amp; it stays glossy.');
    expect(mail.html).not.toContain('<dishwasher>');
    expect(mail.html).toContain('href="https://shop.example/products/mug?a=1&amp;b=2"');
  });

  it('greets without a name, and has no button without the product’s page', () => {
    const mail = answerMail('pt', { ...INPUT, askerName: ' ', productUrl: null });
    expect(mail.text.startsWith('Olá!\n')).toBe(true);
    expect(mail.html).not.toContain('class="mail-button"');
  });
});
