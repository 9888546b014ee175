import { fillTemplate, requestMail, starUrl } from './review-request-mail.js';

const base = {
  storeName: 'Loja <Sol>',
  customerName: 'Maria Silva',
  reviewUrl: 'https://reviews.test/r/tok',
  unsubscribeUrl: 'https://reviews.test/u/tok',
};

describe('review request mail', () => {
  it('fills the placeholders, and reads well without a first name', () => {
    const values = { customer_first_name: 'Ana', store_name: 'Sol', product_name: 'Mug' };
    expect(fillTemplate('{customer_first_name}, how was {product_name}?', values)).toBe('Ana, how was Mug?');
    expect(fillTemplate('{customer_first_name}, ¿qué tal tu pedido?', { ...values, customer_first_name: '' })).toBe(
      '¿Qué tal tu pedido?',
    );
    expect(fillTemplate('Hi {customer_first_name}, thanks!', { ...values, customer_first_name: '' })).toBe(
      'Hi, thanks!',
    );
  });

  it('links five stars per product (naming the product when there are several), with no tracking pixel', () => {
    const mail = requestMail({
      ...base,
      locale: 'en',
      products: [
        { id: 'p1', name: 'Mug', imageUrl: 'https://cdn.test/mug.jpg' },
        { id: 'p 2', name: 'Plate', imageUrl: null },
      ],
    });
    expect(mail.subject).toBe('How do you like your order from Loja <Sol>?');
    expect(mail.text).toContain('We would love to hear what you think of Mug and Plate.');
    for (const rating of [1, 2, 3, 4, 5]) {
      expect(mail.html).toContain(`href="https://reviews.test/r/tok?rating=${rating}&amp;product=p1"`);
      expect(mail.text).toContain(`https://reviews.test/r/tok?rating=${rating}&product=p+2`);
    }
    // The only image is the product's; names are escaped.
    expect(mail.html.match(/<img [^>]*src="([^"]+)"/g)).toEqual([expect.stringContaining('https://cdn.test/mug.jpg')]);
    expect(mail.html).toContain('Loja &lt;Sol&gt;');
    expect(mail.html).not.toContain('Loja <Sol>');
    expect(mail.html).toContain('href="https://reviews.test/u/tok"');
    expect(starUrl(base.reviewUrl, 4, null)).toBe('https://reviews.test/r/tok?rating=4');
  });

  it('speaks the request’s language and uses the store’s own text', () => {
    expect(
      requestMail({ ...base, locale: 'pt', products: [{ id: 'p', name: 'Caneca', imageUrl: null }] }).subject,
    ).toBe('O que você achou do seu pedido na Loja <Sol>?');
    const own = requestMail({
      ...base,
      locale: 'es',
      products: [{ id: 'p', name: 'Taza', imageUrl: null }],
      template: {
        subject: '{store_name} te pregunta',
        heading: 'Hola {customer_first_name}',
        body: '¿Y {product_name}?',
      },
    });
    expect(own.subject).toBe('Loja <Sol> te pregunta');
    expect(own.text).toMatch(/^Hola Maria\n\n¿Y Taza\?/);
    expect(own.text).toContain('Escribir una reseña: https://reviews.test/r/tok');
  });
});
