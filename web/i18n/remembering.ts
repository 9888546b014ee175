import type { i18n as I18n, TFunction } from 'i18next';

/** Options that change which text `t` picks or how it builds it: such calls go to i18next's own `t`. */
const RESOLVING = new Set([
  'count',
  'context',
  'ordinal',
  'lng',
  'lngs',
  'ns',
  'fallbackLng',
  'returnObjects',
  'returnDetails',
  'joinArrays',
  'keySeparator',
  'nsSeparator',
  'interpolation',
  'skipInterpolation',
  'replace',
  'nest',
  'postProcess',
]);

/** A text cut at its plain `{{name}}` placeholders: literal, name, literal, …, literal. */
type TTemplate = readonly string[];

function templateOf(text: unknown): TTemplate | null {
  if (typeof text !== 'string' || text.includes('$t(')) return null;
  const parts = text.split(/\{\{\s*([A-Za-z_$][\w$]*)\s*\}\}/);
  // Braces left are placeholders i18next fills its own way (formats, unescaped or nested values).
  return parts.some((part, i) => i % 2 === 0 && part.includes('{{')) ? null : parts;
}

/**
 * `t` answering a bare key from what it gave before, and filling a text's plain placeholders itself when the options
 * are only their values (strings or numbers): what i18next would give (test/web/remembered-texts.test.ts), without
 * resolving the key again. Anything else (plurals, contexts, formats, a key missing in this language) is i18next's.
 */
export function remembering(i18n: I18n, language: string, t: TFunction): TFunction {
  // i18next's TFunction types each key's interpolation values; this wrapper only passes its arguments on.
  const translate = t as unknown as (...args: unknown[]) => unknown;
  const texts = new Map<string, unknown>();
  const templates = new Map<string, TTemplate | null>();
  const fill = (key: string, values: Record<string, unknown>): unknown => {
    for (const name in values) if (RESOLVING.has(name) || name.startsWith('defaultValue')) return undefined;
    let template = templates.get(key);
    if (template === undefined)
      templates.set(key, (template = templateOf(i18n.getResource(language, 'translation', key))));
    if (!template) return undefined;
    let text = template[0];
    for (let i = 1; i < template.length; i += 2) {
      const value = values[template[i]];
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      text += value + template[i + 1];
    }
    return text;
  };
  return ((...args: unknown[]) => {
    const [key, options] = args;
    if (typeof key !== 'string' || args.length > 2) return translate(...args);
    if (args.length === 2) {
      if (typeof options !== 'object' || options === null) return translate(...args);
      return fill(key, options as Record<string, unknown>) ?? translate(...args);
    }
    let text = texts.get(key);
    if (text === undefined) texts.set(key, (text = translate(key)));
    return text;
  }) as unknown as TFunction;
}
