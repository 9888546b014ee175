import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { jest } from '@jest/globals';
import i18next, { type TFunction } from 'i18next';
import { LANGUAGES } from '../../shared/constants.js';
import { i18nOptions } from '../../web/i18n/options.js';
import { remembering } from '../../web/i18n/remembering.js';
import { ROOT_DIR } from '../support/pglite-template.js';

const I18N_DIR = join(ROOT_DIR, 'web', 'i18n');

/** A language's every text, as the dashboard merges them: the shell's, and each area's under its name. */
function allMessages(language: string): Record<string, unknown> {
  const files = readFileSync(join(I18N_DIR, 'messages', `${language}.ts`), 'utf8');
  const read = (path: string) => JSON.parse(readFileSync(join(I18N_DIR, 'messages', path), 'utf8')) as object;
  const parts = [...files.matchAll(/(\w+): \(\) => import\('([^']+)'\)/g)].map(([, part, path]) => [part, read(path)]);
  expect(parts.length).toBeGreaterThan(5);
  return Object.assign({}, ...parts.map(([part, texts]) => (part === 'shell' ? texts : { [part as string]: texts })));
}

function leaves(texts: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[prefix + key, value] as [string, string]]
      : leaves(value as never, `${prefix}${key}.`),
  );
}

describe.each(LANGUAGES)("the dashboard's t in %s", (language) => {
  const messages = allMessages(language);
  const i18n = i18next.createInstance();
  void i18n.init(i18nOptions(language, { [language]: messages }));
  const own = i18n.getFixedT(language);
  let calls = 0;
  const counted = ((...args: unknown[]) => {
    calls += 1;
    return (own as unknown as (...a: unknown[]) => unknown)(...args);
  }) as unknown as TFunction;
  const texts = leaves(messages);
  let t: (...args: unknown[]) => unknown;
  beforeEach(() => {
    t = remembering(i18n, language, counted) as unknown as typeof t;
  });

  it('gives every text what i18next gives, bare or with values for its placeholders', () => {
    let filled = 0;
    for (const [key, text] of texts) {
      const names = [...text.matchAll(/\{\{-?\s*([\w$.]+)/g)].map(([, name]) => name);
      const values = Object.fromEntries(names.map((name, i) => [name, i % 2 ? i * 7 : `«${name}»`]));
      calls = 0;
      const given = t(key, values);
      if (names.length > 0 && calls === 0) filled += 1;
      expect(given).toBe(own(key, values as never));
      expect(t(key)).toBe(own(key));
    }
    // Most texts with placeholders were filled without i18next's lookup (those with a count are plural forms).
    expect(filled).toBeGreaterThan(100);
  });

  it('answers a bare key from what it gave before, and leaves plurals, formats and missing keys to i18next', () => {
    const [key] = texts.find(([, text]) => !text.includes('{{'))!;
    calls = 0;
    t(key);
    t(key);
    expect(calls).toBe(1);
    const plural = texts.find(([name]) => name.endsWith('_other'))![0].replace(/_other$/, '');
    calls = 0;
    expect(t(plural, { count: 2 })).toBe(own(plural, { count: 2 } as never));
    expect(calls).toBe(1);
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(t('no.such.key', { name: 'x' })).toBe('no.such.key');
    spy.mockRestore();
  });
});
