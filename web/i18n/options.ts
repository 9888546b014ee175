import type { InitOptions, ResourceKey } from 'i18next';
import { FALLBACK_LANGUAGE, LANGUAGES } from '../../shared/constants.js';

/** How the dashboard's i18next instances are set up, holding these texts per language. */
export function i18nOptions(lng: string, resources: Partial<Record<string, ResourceKey>>): InitOptions {
  return {
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries(
      Object.entries(resources).map(([language, messages]) => [language, { translation: messages ?? {} }]),
    ),
    initAsync: false,
    interpolation: { escapeValue: false },
    // A text from an area the page did not list (see `messages` in +config.ts) shows as its key: said in the console,
    // where the browser suites look for errors.
    saveMissing: true,
    missingKeyHandler: (_lngs, _ns, key) => console.error(`No text for "${key}" on this page`),
  };
}
