import { LANGUAGES } from '../../shared/constants.js';
import { replyMail } from './review-reply-mail.js';

const INPUT = {
  storeName: 'Casa <Ana>',
  customerName: 'Beatriz Lima',
  productName: 'Linen Shirt',
  reply: 'Thank you!\nWash it cold & it stays soft.',
};

describe('reply mail', () => {
  it.each(LANGUAGES)(
    '(%s) greets the reviewer, names the product and quotes the reply, signed by the store',
    (lang) => {
      const mail = replyMail(lang, INPUT);
      expect(mail.subject).toContain('Casa <Ana>');
      expect(mail.text).toContain('Beatriz');
      expect(mail.text).not.toContain('Lima');
      expect(mail.text).toContain('Linen Shirt');
      expect(mail.text).toContain(INPUT.reply);
      expect(mail.text.trimEnd().endsWith('— Casa <Ana>')).toBe(true);
      expect(mail.html).toContain(`<html lang="${lang}">`);
      // Everything the merchant or the reviewer wrote is text, never markup.
      expect(mail.html).toContain('Casa &lt;Ana&gt;');
      expect(mail.html).toContain('Wash it cold &amp; it stays soft.');
      expect(mail.html).not.toContain('<Ana>');
    },
  );

  it('greets without a name when the review has none', () => {
    expect(replyMail('en', { ...INPUT, customerName: '  ' }).text.startsWith('Hi,\n')).toBe(true);
    expect(replyMail('es', { ...INPUT, customerName: '' }).text.startsWith('Hola:\n')).toBe(true);
  });
});
