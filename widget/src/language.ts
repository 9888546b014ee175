import type { TLanguage } from '../../shared/constants.js';

/**
 * The configuration in the language this shopper sees. With the automatic setting the answer carries every
 * language's strings (`translations`) and the first of the browser's languages (`navigator.languages`, in the
 * shopper's order; `es-AR` counts as `es`) that has them wins; otherwise, or when none has, the answer's `language`.
 */
export function localize<
  T extends { language: TLanguage; strings: object; translations?: Partial<Record<TLanguage, T['strings']>> },
>(configuration: T): T {
  const { translations } = configuration;
  if (!translations) return configuration;
  for (const tag of navigator.languages || [navigator.language]) {
    const language = tag.split('-')[0].toLowerCase() as TLanguage;
    if (language === configuration.language) break;
    const strings = translations[language];
    if (strings) return { ...configuration, language, strings };
  }
  return configuration;
}
