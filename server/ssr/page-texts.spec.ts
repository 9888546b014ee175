import { PageTexts } from './page-texts.js';

const inner = (script: Buffer): string =>
  /^<script id="page-texts" type="application\/json">([\s\S]*)<\/script>$/.exec(script.toString())?.[1] ?? '';

describe("a page's texts as a data block", () => {
  it('holds the texts as JSON the browser parses back, with no `<` a text could end the element with', () => {
    const messages = {
      nav: { reviews: 'Reviews' },
      reviews: { hint: 'Type </script><script>alert(1)</script> here…' },
    };
    const json = inner(new PageTexts().script(messages));
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(messages);
  });

  it('makes the bytes once per texts object: the server holds one per language and set of areas', () => {
    const texts = new PageTexts();
    const english = { nav: { reviews: 'Reviews' } };
    const spanish = { nav: { reviews: 'Reseñas' } };
    expect(texts.script(english)).toBe(texts.script(english));
    expect(texts.script(spanish)).not.toBe(texts.script(english));
    expect(JSON.parse(inner(texts.script(spanish)))).toEqual(spanish);
  });
});
