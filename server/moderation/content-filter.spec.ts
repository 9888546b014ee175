import { textFlags } from './content-filter.js';

describe('content filter', () => {
  it.each([
    // English, through obscenity
    ['en', 'This is shit, do not buy', ['profanity']],
    ['en', 'Fucking great blender', ['profanity']],
    ['en', 'The seller is an a55hole', ['profanity']],
    // Spanish and Portuguese, whole words
    ['es', 'Una mierda de producto', ['profanity']],
    ['es', 'El vendedor es un CABRÓN', ['profanity']],
    ['pt', 'Que porra é essa, chegou quebrado', ['profanity']],
    ['pt', 'Produto de merda', ['profanity']],
  ])('flags profanity (%s): %s', (_language, text, flags) => {
    expect(textFlags(text)).toEqual(flags);
  });

  it.each([
    ['en', 'Classic grape flavour, I would pass it on to Scunthorpe friends'],
    ['en', 'Hell of a good cucumber peeler'],
    // Spanish words that contain an English or a Spanish bad word
    ['es', 'Disculpa la demora, el pedido llegó para mi cumpleaños'],
    ['es', 'Cumple lo que promete; el análisis de la disputa fue rápido'],
    ['es', 'Un cono de helado, con una concha de chocolate'],
    ['es', 'Computadora excelente, la computación es rápida'],
    // Portuguese words that contain an English or a Portuguese bad word
    ['pt', 'Cumprimento o vendedor, a análise foi excelente'],
    ['pt', 'Assisti o vídeo: analgésico ótimo, computador rápido'],
    ['pt', 'Mercadoria chegou, disputa resolvida, documento certo'],
  ])('does not flag ordinary words (%s): %s', (_language, text) => {
    expect(textFlags(text)).toEqual([]);
  });

  it('finds links, e-mail addresses and phone numbers', () => {
    expect(textFlags('Cheaper at https://example.test/deal')).toEqual(['link']);
    expect(textFlags('Better on www.otra-tienda.es')).toEqual(['link']);
    expect(textFlags('Compre em loja-barata.com.br')).toEqual(['link']);
    expect(textFlags('Write to me: ana.perez@example.com')).toEqual(['email']);
    expect(textFlags('Llámame al +34 612 345 678')).toEqual(['phone']);
    expect(textFlags('Me liga (11) 98765-4321')).toEqual(['phone']);
    expect(textFlags('Spam: http://x.test and bob@example.org and 555-123-4567')).toEqual(['link', 'email', 'phone']);
  });

  it('leaves prices, dates, versions and sentences alone', () => {
    expect(textFlags('Paid 1.299,00 on 2026-05-01, delivered 03/05/2026. Works with iOS 17.2. Great.')).toEqual([]);
    expect(textFlags('Order 12345 arrived in 3 days.End of story')).toEqual([]);
  });

  it("matches the store's blocked words and phrases as whole words, any case", () => {
    expect(textFlags('Bought it at ACME outlet', ['acme'])).toEqual(['blocked_word']);
    expect(textFlags('Mejor que la marca rival', ['marca rival'])).toEqual(['blocked_word']);
    expect(textFlags('Acmeplex is fine', ['acme'])).toEqual([]);
    expect(textFlags('La marca es rival', ['marca rival'])).toEqual([]);
  });
});
