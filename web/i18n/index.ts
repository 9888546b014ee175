import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LANGUAGE, LANGUAGES, isLanguage, type TLanguage } from '../../shared/constants.js';
import type { TMessages } from './messages/en';

// Each language is a chunk of its own: the browser downloads the one the page shows, and another only when the user
// switches to it.
const LOADERS: Record<TLanguage, () => Promise<{ default: TMessages }>> = {
  en: () => import('./messages/en'),
  es: () => import('./messages/es'),
  pt: () => import('./messages/pt'),
};

const loaded = new Map<TLanguage, TMessages>();
let clientInstance: i18n | undefined;

/** Makes a language's messages available; pages call it before rendering (see +onBeforeRender*). */
export async function loadLanguage(lng: TLanguage): Promise<void> {
  if (loaded.has(lng)) return;
  const { default: messages } = await LOADERS[lng]();
  loaded.set(lng, messages);
  clientInstance?.addResourceBundle(lng, 'translation', messages);
}

function createI18n(lng: TLanguage): i18n {
  const instance = i18next.createInstance();
  // With inline resources and `initAsync: false`, init completes before it returns.
  void instance.use(initReactI18next).init({
    lng,
    fallbackLng: FALLBACK_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: Object.fromEntries([...loaded].map(([language, messages]) => [language, { translation: messages }])),
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return instance;
}

/** A fresh instance per server render (requests must not share a language); one instance in the browser. */
export function getI18n(lng: TLanguage): i18n {
  if (import.meta.env.SSR) return createI18n(lng);
  clientInstance ??= createI18n(lng);
  return clientInstance;
}

/** The language the browser currently shows, which the user may have changed since the page loaded. */
export function currentLanguage(fallback: TLanguage): TLanguage {
  const lng = clientInstance?.resolvedLanguage;
  return isLanguage(lng) ? lng : fallback;
}
